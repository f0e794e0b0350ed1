#!/usr/bin/env bash
# Installs the Debian packages Strata builds against, when they are missing.
# Runs apt-get directly as root, through sudo otherwise. Needs the Swift toolchain on PATH.
set -euo pipefail

packages=(pkg-config libcairo2-dev libpixman-1-dev libturbojpeg0-dev libwebp-dev libpango1.0-dev libfreetype-dev libharfbuzz-dev libfontconfig-dev fonts-dejavu-core fonts-liberation fontconfig libsdl2-dev ffmpeg libpolyclipping-dev zlib1g-dev librlottie-dev libgif-dev libtiff-dev libpoppler-glib-dev libpoppler-private-dev liblcms2-dev libheif-dev libqpdf-dev libexiv2-dev python3)
# --extra-fonts: also fonts that change fontconfig's default choices ("Helvetica" becomes Nimbus
# Sans or Liberation Sans), for the check that the tests' pinned fonts hold on such machines.
if [ "${1:-}" = "--extra-fonts" ]; then packages+=(fonts-liberation fonts-urw-base35); fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing Debian packages: ${missing[*]}"
    if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if ! command -v swift >/dev/null 2>&1; then
    echo "error: the Swift toolchain (swift) is not on PATH; install Swift 6.1 or later first" >&2
    exit 1
fi
