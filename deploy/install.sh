#!/usr/bin/env bash
# Install Tengen on a Raspberry Pi (Raspberry Pi OS bookworm, 64-bit) or a
# Debian bookworm machine: packages, I2C and serial, the service user, udev
# rules, the binaries, the configuration, the data directory and the
# systemd unit. `make pi-install` runs it. Safe to run again: an update
# replaces the program and the unit, and keeps the configuration
# (/etc/tengen/tengen.env), the calibration and the records.
#
# usage: deploy/install.sh [--root DIR] [--dry-run] [--bin DIR] [--no-apt]
#   --root DIR  install into DIR instead of / (for packaging and tests):
#               files go under DIR; steps that change the running system
#               (apt, raspi-config, users, udev, systemd, chown) are only
#               printed
#   --dry-run   print every step, change nothing
#   --bin DIR   take tengen and pbrain-tengen from DIR instead of building
#               them (go build ./cmd/...)
#   --no-apt    do not install Debian packages
set -euo pipefail

ROOT=/
DRY_RUN=0
BIN_DIR=
APT=1
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

while [ $# -gt 0 ]; do
	case "$1" in
	--root) ROOT=${2:?--root needs a directory}; shift 2 ;;
	--root=*) ROOT=${1#--root=}; shift ;;
	--dry-run) DRY_RUN=1; shift ;;
	--bin) BIN_DIR=${2:?--bin needs a directory}; shift 2 ;;
	--bin=*) BIN_DIR=${1#--bin=}; shift ;;
	--no-apt) APT=0; shift ;;
	-h | --help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*) echo "install.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
	esac
done
ROOT=$(cd "$ROOT" 2>/dev/null && pwd || echo "$ROOT")
[ -d "$ROOT" ] || { echo "install.sh: --root $ROOT: no such directory" >&2; exit 2; }

# Where things go (under ROOT).
BINDIR=/usr/local/bin
CONFDIR=/etc/tengen
DATADIR=/var/lib/tengen
UNIT=/etc/systemd/system/tengen.service
PARK_UNIT=/etc/systemd/system/tengen-park.service
RULES=/etc/udev/rules.d/99-tengen.rules
DOCDIR=/usr/local/share/doc/tengen
SERVICE_USER=tengen
GROUPS_NEEDED="dialout i2c gpio video audio"
# Runtime and native-build packages on the Pi. OpenCV 4.6 matches gocv
# v0.31.0; libcamera's V4L2 layer carries a Pi camera to OpenCV; avrdude
# flashes the controller; i2c-tools and v4l-utils are for troubleshooting.
PACKAGES="pkg-config g++ make git libopencv-dev espeak-ng \
	libcamera-tools libcamera-v4l2 v4l-utils i2c-tools \
	gcc-avr avr-libc avrdude"

changed=0
# at PATH: where PATH is under ROOT.
at() { printf '%s%s' "${ROOT%/}" "$1"; }
say() { printf '%s\n' "$*"; }
# live: true when steps may touch the running system.
live() { [ "$DRY_RUN" = 0 ] && [ "$ROOT" = / ]; }
# system CMD...: run a command that changes the running system, or say it
# would.
system() {
	if live; then
		say "run: $*"
		"$@"
	else
		say "would run: $*"
	fi
}
# put SRC DST MODE: install a file when its content or mode differs.
put() {
	local src=$1 dst mode=$3
	dst=$(at "$2")
	if [ -f "$dst" ] && cmp -s "$src" "$dst" && [ "$(stat -c %a "$dst")" = "${mode#0}" ]; then
		say "unchanged: $2"
		return
	fi
	changed=1
	if [ "$DRY_RUN" = 1 ]; then say "would install: $2 (mode $mode)"; return; fi
	mkdir -p "$(dirname "$dst")"
	# Copy then rename: a running binary cannot be overwritten in place.
	cp "$src" "$dst.new.$$"
	chmod "$mode" "$dst.new.$$"
	mv -f "$dst.new.$$" "$dst"
	say "installed: $2"
}
# dir PATH MODE OWNER: create a directory with a mode and owner.
dir() {
	local d mode=$2 owner=$3
	d=$(at "$1")
	if [ -d "$d" ] && [ "$(stat -c %a "$d")" = "${mode#0}" ]; then
		say "unchanged: $1/"
	elif [ "$DRY_RUN" = 1 ]; then
		say "would create: $1/ (mode $mode)"
		changed=1
	else
		mkdir -p "$d"
		chmod "$mode" "$d"
		say "created: $1/ (mode $mode)"
		changed=1
	fi
	if [ -n "$owner" ] && live && [ "$(stat -c %U:%G "$d")" != "$owner" ]; then
		chown "$owner" "$d"
		say "chown $owner $1"
	fi
}
on_pi() { grep -qs 'Raspberry Pi' "$(at /proc/device-tree/model)"; }

say "== Tengen install into $ROOT$([ "$DRY_RUN" = 1 ] && echo ' (dry run)')"

# 1. Debian packages.
if [ "$APT" = 1 ]; then
	missing=
	for p in $PACKAGES; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing="$missing $p"
	done
	if [ -n "$missing" ]; then
		system apt-get update -qq
		system env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
	else
		say "unchanged: packages"
	fi
fi

# 2. I2C on, the serial console off (the controller is on USB; the GPIO
# UART must not carry a login console if it is ever used).
if on_pi && command -v raspi-config >/dev/null; then
	# Older raspi-config lacks the split serial settings: note it, go on.
	for setting in "do_i2c 0" "do_serial_cons 1" "do_serial_hw 0"; do
		system raspi-config nonint $setting || say "note: raspi-config nonint $setting failed; set it in sudo raspi-config"
	done
else
	say "skip: not a Raspberry Pi (or no raspi-config): I2C and the serial port are left as they are"
fi

# 3. The service user and its groups.
for g in $GROUPS_NEEDED; do
	getent group "$g" >/dev/null || system groupadd --system "$g"
done
if ! id "$SERVICE_USER" >/dev/null 2>&1; then
	system useradd --system --home-dir "$DATADIR" --no-create-home --shell /usr/sbin/nologin \
		--groups "${GROUPS_NEEDED// /,}" "$SERVICE_USER"
else
	for g in $GROUPS_NEEDED; do
		id -nG "$SERVICE_USER" | tr ' ' '\n' | grep -qx "$g" || system usermod -aG "$g" "$SERVICE_USER"
	done
fi
# The person installing gets the same groups and group tengen, so
# `tengen doctor` and `tengen calibrate` work without sudo (after logging in
# again).
if [ -n "${SUDO_USER:-}" ] && [ "$SUDO_USER" != root ]; then
	for g in $GROUPS_NEEDED $SERVICE_USER; do
		id -nG "$SUDO_USER" | tr ' ' '\n' | grep -qx "$g" || system usermod -aG "$g" "$SUDO_USER"
	done
fi

# 4. The binaries: built natively (the board reader needs cgo and OpenCV),
# as the person who ran sudo so the build cache and bin/ stay theirs.
if [ -z "$BIN_DIR" ]; then
	BIN_DIR=$SRC/bin
	ver=$(git -C "$SRC" describe --always --dirty 2>/dev/null || echo dev)
	build=(env PATH="/usr/local/go/bin:$PATH" go build -C "$SRC" -ldflags "-X main.version=$ver" -o "$BIN_DIR/" ./cmd/...)
	if [ -n "${SUDO_USER:-}" ] && [ "$SUDO_USER" != root ]; then
		build=(runuser -u "$SUDO_USER" -- "${build[@]}")
	fi
	if [ "$DRY_RUN" = 1 ]; then
		say "would run: ${build[*]}"
	else
		command -v go >/dev/null || [ -x /usr/local/go/bin/go ] || {
			echo "install.sh: Go 1.26 is needed: download go1.26.*.linux-arm64.tar.gz from https://go.dev/dl/ and unpack it into /usr/local (docs/RASPBERRY-PI.md)" >&2
			exit 1
		}
		say "run: ${build[*]} (the first build of OpenCV's Go binding takes several minutes on a Pi)"
		"${build[@]}"
	fi
fi
for b in tengen pbrain-tengen; do
	if [ -f "$BIN_DIR/$b" ]; then
		put "$BIN_DIR/$b" "$BINDIR/$b" 0755
	elif [ "$DRY_RUN" = 1 ]; then
		say "would install: $BINDIR/$b"
	else
		echo "install.sh: $BIN_DIR/$b missing (make build failed?)" >&2
		exit 1
	fi
done
put "$SRC/docs/RASPBERRY-PI.md" "$DOCDIR/RASPBERRY-PI.md" 0644

# 5. Configuration: the example always, the live file only once.
dir "$CONFDIR" 0755 ""
put "$SRC/deploy/tengen.env" "$CONFDIR/tengen.env.example" 0644
envfile=$(at "$CONFDIR/tengen.env")
if [ -e "$envfile" ]; then
	say "kept: $CONFDIR/tengen.env"
else
	tmp=$(mktemp)
	trap 'rm -f "$tmp"' EXIT
	cp "$SRC/deploy/tengen.env" "$tmp"
	# A Pi camera (CSI) needs libcamera's V4L2 layer preloaded.
	compat=$(ls "$(at /usr/lib)"/*/libcamera/v4l2-compat.so "$(at /usr/lib)"/*/v4l2-compat.so 2>/dev/null | head -n1 || true)
	compat=${compat#"${ROOT%/}"}
	if [ -n "$compat" ]; then
		sed -i "s|@V4L2_COMPAT@|$compat|" "$tmp"
		if grep -qsE 'unicam|rp1-cfe' "$(at /sys/class/video4linux)"/video*/name; then
			sed -i 's|^#LD_PRELOAD=|LD_PRELOAD=|' "$tmp"
			say "Pi camera found: the service preloads $compat"
		fi
	fi
	put "$tmp" "$CONFDIR/tengen.env" 0644
fi

# 6. Data: calibration, records and journals survive every update; the
# calibration is copied to calibration.yaml.bak before a new program
# version meets it.
# Group tengen may write (the operator calibrates as themself); setgid keeps
# new files in the group.
dir "$DATADIR" 2770 "$SERVICE_USER:$SERVICE_USER"
dir "$DATADIR/records" 2770 "$SERVICE_USER:$SERVICE_USER"
dir "$DATADIR/journals" 2770 "$SERVICE_USER:$SERVICE_USER"
cal=$(at "$DATADIR/calibration.yaml")
if [ -f "$cal" ]; then
	say "kept: $DATADIR/calibration.yaml"
	put "$cal" "$DATADIR/calibration.yaml.bak" 0660
else
	say "no calibration yet: run the calibration steps in docs/RASPBERRY-PI.md"
fi

# 7. udev rules and the systemd unit. Reloading needs udevd and systemd
# running (not so in a chroot or a container): then the files are enough,
# and they take effect at the next boot.
rules_changed=$changed
put "$SRC/deploy/99-tengen.rules" "$RULES" 0644
if [ "$changed" != "$rules_changed" ]; then
	if ! live || [ -S /run/udev/control ]; then
		system udevadm control --reload-rules
		system udevadm trigger --subsystem-match=tty --subsystem-match=i2c-dev --subsystem-match=gpio
	else
		say "skip: udevd not running: the rules apply from the next boot"
	fi
fi
unit_changed=$changed
put "$SRC/deploy/tengen.service" "$UNIT" 0644
# Started by the service's OnFailure=, never enabled.
put "$SRC/deploy/tengen-park.service" "$PARK_UNIT" 0644
if ! live || [ -d /run/systemd/system ]; then
	[ "$changed" != "$unit_changed" ] && system systemctl daemon-reload
	system systemctl enable tengen.service
	# An update restarts a running service (it parks the arm and saves first).
	system systemctl try-restart tengen.service
else
	# systemctl enables offline (it only makes the symlink).
	system systemctl enable tengen.service
	say "skip: systemd not running: the service starts at the next boot"
fi

if [ "$changed" = 0 ]; then
	say "== nothing to change: Tengen is installed and up to date"
else
	say "== done. Next: log out and in again (groups), run \`tengen doctor\`, calibrate, then \`sudo systemctl start tengen\`"
fi
