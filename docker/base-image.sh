#!/usr/bin/env bash
# Builds a Java 17 runtime base image without any registry: debootstrap a minimal Debian, install
# Debian's openjdk-17-jre-headless into it, and `docker import` the tree. For machines that cannot
# reach Docker Hub (CI here); users with internet use the default eclipse-temurin image instead.
#   sudo docker/base-image.sh [image-name]        (default perflab/jre:17; needs root, debootstrap, docker)
set -euo pipefail

IMAGE=${1:-perflab/jre:17}
SUITE=${SUITE:-bookworm}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
DOCKER=${DOCKER:-docker}

fail() { echo "base-image: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "run as root (debootstrap and chroot need it)"
command -v debootstrap >/dev/null || fail "debootstrap is missing: apt-get install -y debootstrap"
$DOCKER info >/dev/null 2>&1 || fail "no Docker engine answers (start dockerd first)"

if $DOCKER image inspect "$IMAGE" >/dev/null 2>&1; then
  echo "base-image: $IMAGE exists"
  exit 0
fi

ROOTFS=$(mktemp -d /tmp/perflab-rootfs.XXXXXX)
cleanup() {
  umount "$ROOTFS/proc" 2>/dev/null || true
  rm -rf "$ROOTFS"
}
trap cleanup EXIT

echo "base-image: debootstrap $SUITE into $ROOTFS"
debootstrap --variant=minbase "$SUITE" "$ROOTFS" "$MIRROR" >/dev/null
mount -t proc proc "$ROOTFS/proc"
echo "base-image: installing openjdk-17-jre-headless"
chroot "$ROOTFS" sh -c 'apt-get update -qq 2>/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends openjdk-17-jre-headless >/dev/null 2>&1 && apt-get clean && rm -rf /var/lib/apt/lists/*'
chroot "$ROOTFS" java -version 2>&1 | head -1
umount "$ROOTFS/proc"
echo "base-image: importing as $IMAGE"
tar -C "$ROOTFS" -c . | $DOCKER import -c 'ENV LANG=C.UTF-8' -c 'CMD ["java", "-version"]' - "$IMAGE" >/dev/null
echo "base-image: $IMAGE ready"
