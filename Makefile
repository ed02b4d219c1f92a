# Tengen: `make run` plays a simulated robot game, `make test` runs every test.
# Both install what they need first (`make deps`, Debian packages, as root or via sudo).

GO        ?= go
BIN       := bin
# Debian packages the build and the tests need.
DEB_PACKAGES := pkg-config g++ make git \
	libopencv-dev \
	gcc-avr avr-libc simavr libsimavr-dev libelf-dev \
	chromium espeak-ng systemd fonts-wqy-microhei
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build run test deps lint fuzz bench clean firmware flash soak soak-kill

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
	$(MAKE) test-cross

lint: deps
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...

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

# Kill-and-resume at many random moments (go test runs 4 in-process and 1
# firmware run): KILL_RUNS with the in-process arm, KILL_FW_RUNS with the
# real firmware in simavr (real time, about a minute each).
KILL_RUNS ?= 40
KILL_FW_RUNS ?= 5
soak-kill:
	TENGEN_KILL_RUNS=$(KILL_RUNS) TENGEN_KILL_FW_RUNS=$(KILL_FW_RUNS) $(GO) test -run 'KillAndResume' -timeout 60m -v ./cmd/tengen

# The microcontroller firmware (.elf and .hex for the ATmega328P); see firmware/README.md.
firmware: deps
	$(MAKE) -C firmware firmware

# Flash it: make flash PORT=/dev/tengen-arm [BAUD=57600 for an old Nano bootloader].
PORT ?= /dev/tengen-arm
BAUD ?= 115200
flash: firmware
	@command -v avrdude >/dev/null || $(SUDO) apt-get install -y -qq avrdude
	avrdude -p atmega328p -c arduino -P $(PORT) -b $(BAUD) -U flash:w:firmware/build/tengen-fw.hex:i

clean:
	rm -rf $(BIN)
	$(MAKE) -C firmware clean

# ---- Raspberry Pi: install and cross-compilation (deploy/, docs/RASPBERRY-PI.md) ----
.PHONY: pi-install cross test-cross pi-root-test

# Install or update Tengen on this Pi: packages, I2C and serial, the service
# user, udev rules, a native build, /usr/local/bin, /etc/tengen,
# /var/lib/tengen (calibration and records are kept), the systemd unit.
pi-install:
	$(SUDO) deploy/install.sh

# The pure-Go parts for the Pi without cgo (vision needs cgo and is built
# natively): bin/linux-arm64/ and bin/linux-armv7/.
cross:
	CGO_ENABLED=0 GOOS=linux GOARCH=arm64 $(GO) build -o $(BIN)/linux-arm64/ ./cmd/...
	CGO_ENABLED=0 GOOS=linux GOARCH=arm GOARM=7 $(GO) build -o $(BIN)/linux-armv7/ ./cmd/...

# Part of `make test`: everything that builds without cgo compiles (and
# vets) for arm64 and armv7. Libraries that need OpenCV are left out
# (deploy/cross-packages.sh); commands never are.
test-cross:
	@pkgs=$$(GO=$(GO) deploy/cross-packages.sh) && [ -n "$$pkgs" ] && \
	echo "cross-compiling $$(echo $$pkgs | wc -w) packages for linux/arm64 and linux/arm (GOARM=7), cgo off" && \
	CGO_ENABLED=0 GOOS=linux GOARCH=arm64 $(GO) vet $$pkgs && \
	CGO_ENABLED=0 GOOS=linux GOARCH=arm64 $(GO) build $$pkgs && \
	CGO_ENABLED=0 GOOS=linux GOARCH=arm GOARM=7 $(GO) build $$pkgs

# Manual, not in `make test` (downloads ~100 MB, minutes): install.sh for
# real in a fresh Debian root made with debootstrap (ARCH=arm64 needs
# qemu-user-static and binfmt_misc).
pi-root-test:
	$(SUDO) deploy/root-test.sh $(if $(ARCH),--arch $(ARCH))
