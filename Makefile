# Tengen: `make run` plays a simulated robot game, `make test` runs every test.
# Both install what they need first (`make deps`, Debian packages, as root or via sudo).

GO        ?= go
BIN       := bin
# Debian packages the build and the tests need.
DEB_PACKAGES := pkg-config g++ make git \
	libopencv-dev \
	gcc-avr avr-libc simavr libsimavr-dev libsimavrparts1 libelf-dev \
	chromium espeak-ng
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build run test deps lint fuzz bench clean firmware soak

all: build

deps:
	@command -v $(GO) >/dev/null || { echo "Go 1.26 is needed: install it from go.dev/dl into /usr/local/go" >&2; exit 1; }
	@missing=$$(for p in $(DEB_PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(GO) build -o $(BIN)/ ./cmd/...

run: build
	$(BIN)/tengen sim --games 1

test: deps
	$(GO) vet ./...
	$(GO) test -count=1 -p 1 ./...

lint: deps
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

# Longer fuzzing than the seed corpus `make test` runs: FUZZTIME per target.
FUZZTIME ?= 30s
fuzz:
	@for pkg in $$($(GO) list ./...); do \
		for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
			echo "fuzz $$pkg $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
		done; \
	done

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# The reliability soak (issue 7): 100 games with every fault injected; the
# JSON summary's last line must show no misread move and no lost stone.
# SOAK_CAMERA=rendered reads every frame with the vision code (slow).
SOAK_SEED ?= 1
SOAK_CAMERA ?= truth
soak: build
	mkdir -p var
	$(BIN)/tengen sim --games 100 --faults all --seed $(SOAK_SEED) --camera $(SOAK_CAMERA) --think 100ms --dir var/soak-$(SOAK_SEED) --json > var/soak-$(SOAK_SEED).log
	tail -n 1 var/soak-$(SOAK_SEED).log

# The microcontroller firmware (.elf and .hex for the ATmega328P); see firmware/README.md.
firmware: deps
	$(MAKE) -C firmware firmware

clean:
	rm -rf $(BIN)
	$(MAKE) -C firmware clean
