#!/usr/bin/env bash
# Run deploy/install.sh for real inside a fresh Debian bookworm root made
# with debootstrap: the service user and groups, ownership, the unit enabled
# offline, a repeated run that changes nothing, an update that keeps the
# calibration, and the installed `tengen doctor` run as the service user.
# Manual (`make pi-root-test`, as root): it downloads ~100 MB and takes
# minutes, so `make test` does not run it; `go test ./deploy` covers the
# same steps in a temporary root without a system.
#
# usage: deploy/root-test.sh [--arch amd64|arm64] [--keep] [DIR]
#   --arch arm64 needs qemu-user-static and binfmt_misc on the host (a Pi's
#   own architecture under emulation); the default is the host's.
set -euo pipefail

ARCH=$(dpkg --print-architecture)
KEEP=0
DIR=
while [ $# -gt 0 ]; do
	case "$1" in
	--arch) ARCH=${2:?}; shift 2 ;;
	--keep) KEEP=1; shift ;;
	-*) echo "root-test.sh: unknown option $1" >&2; exit 2 ;;
	*) DIR=$1; shift ;;
	esac
done
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[ "$(id -u)" = 0 ] || { echo "root-test.sh: run as root (debootstrap and chroot)" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "root-test.sh: apt-get install debootstrap" >&2; exit 1; }
if [ "$ARCH" != "$(dpkg --print-architecture)" ]; then
	[ -e /proc/sys/fs/binfmt_misc/status ] && command -v "qemu-${ARCH/arm64/aarch64}-static" >/dev/null || {
		echo "root-test.sh: --arch $ARCH needs qemu-user-static and binfmt_misc on this host" >&2
		exit 1
	}
fi
if [ -z "$DIR" ]; then
	DIR=$(mktemp -d /tmp/tengen-root.XXXXXX)
	[ "$KEEP" = 1 ] || trap 'rm -rf "$DIR"' EXIT
fi

fail() { echo "FAIL: $*" >&2; exit 1; }
in_root() { chroot "$DIR" "$@"; }

if [ ! -x "$DIR/usr/bin/apt-get" ]; then
	echo "== debootstrap bookworm $ARCH into $DIR"
	debootstrap --arch "$ARCH" --variant=minbase --include=passwd,systemd bookworm "$DIR" http://deb.debian.org/debian
fi

echo "== the program for $ARCH (cgo off: no camera inside the root)"
mkdir -p "$DIR/src/bin" "$DIR/src/docs"
goarch=$ARCH; [ "$ARCH" = armhf ] && goarch=arm
CGO_ENABLED=0 GOOS=linux GOARCH=$goarch GOARM=7 PATH="/usr/local/go/bin:$PATH" \
	go build -C "$SRC" -o "$DIR/src/bin/" ./cmd/...
cp -r "$SRC/deploy" "$DIR/src/"
cp "$SRC/docs/RASPBERRY-PI.md" "$DIR/src/docs/"

echo "== first install"
in_root bash /src/deploy/install.sh --bin /src/bin --no-apt
for g in dialout i2c gpio video audio; do
	in_root id -nG tengen | tr ' ' '\n' | grep -qx "$g" || fail "tengen is not in group $g"
done
[ "$(in_root stat -c '%U:%G %a' /var/lib/tengen)" = "tengen:tengen 2770" ] || fail "/var/lib/tengen: $(in_root stat -c '%U:%G %a' /var/lib/tengen)"
[ -L "$DIR/etc/systemd/system/multi-user.target.wants/tengen.service" ] || fail "tengen.service not enabled"
in_root systemd-analyze verify /etc/systemd/system/tengen.service || fail "systemd-analyze verify in the root"

echo "== second install: nothing changes"
echo "version: 1" > "$DIR/var/lib/tengen/calibration.yaml"
in_root bash /src/deploy/install.sh --bin /src/bin --no-apt >/dev/null
out=$(in_root bash /src/deploy/install.sh --bin /src/bin --no-apt)
grep -q "nothing to change" <<<"$out" || fail "third run changed something: $out"
[ "$(cat "$DIR/var/lib/tengen/calibration.yaml")" = "version: 1" ] || fail "calibration changed"

echo "== tengen doctor as the service user"
json=$(chroot --userspec=tengen:tengen "$DIR" /usr/local/bin/tengen doctor --json | tail -n1 || true)
grep -q '"checks":\[{"name":"user","ok":true' <<<"$json" || fail "doctor: $json"
grep -q '"name":"disk","ok":true' <<<"$json" || fail "doctor: the data directory: $json"
echo "doctor: $json"
echo "== PASS: install.sh in a Debian bookworm $ARCH root"
