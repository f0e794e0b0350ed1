#!/usr/bin/env bash
# Fetches the held-out Lottie files Strata's speed and pictures are checked on but never tuned
# on: the 98 real animations of rlottie's example/resource folder (LottieFiles community
# animations and Samsung's UX samples; the repro files of its test/ folder are left out), from
# Debian's rlottie source package (bookworm, 0.1+dfsg; Debian's copyright file puts them under
# the package's LGPL-2.1+). The tarball's SHA-256 is Debian's own, from the package's .dsc.
# Nothing is committed: the files land in .build/heldout-lottie (or $1). Prints the folder.
#
#   scripts/heldout-lottie.sh && taskset -c 1 .build/release/strata-bench files .build/heldout-lottie --passes 3
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/heldout-lottie}
tarball=rlottie_0.1+dfsg.orig.tar.xz
sha256=23ef230681bfec7ed6f2d1e3918fed9456874392594297f9a5b70e0bc58a80eb
cache=.build/downloads
if [ -f "$out/.complete" ]; then
    echo "$(pwd)/$out"
    exit 0
fi
mkdir -p "$cache"
if ! echo "$sha256  $cache/$tarball" | sha256sum -c --status - 2>/dev/null; then
    curl -fsSL --retry 3 -o "$cache/$tarball" "http://deb.debian.org/debian/pool/main/r/rlottie/$tarball"
    echo "$sha256  $cache/$tarball" | sha256sum -c --quiet - || { echo "error: $tarball does not match Debian's checksum" >&2; exit 1; }
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xJf "$cache/$tarball" -C "$work" rlottie-0.1/example/resource
mkdir -p "$out"
# One flat folder; names kept to letters, digits, '.', '_' and '-' (a sub-folder's name joined by '_').
(cd "$work/rlottie-0.1/example/resource" && find . -name '*.json' ! -path './test/*' -print0) |
    while IFS= read -r -d '' f; do
        name=$(printf '%s' "${f#./}" | sed 's|/|_|g; s|[^A-Za-z0-9._-]|_|g')
        cp "$work/rlottie-0.1/example/resource/$f" "$out/$name"
    done
count=$(find "$out" -name '*.json' | wc -l)
if [ "$count" -ne 98 ]; then
    echo "error: expected 98 files, found $count" >&2
    exit 1
fi
touch "$out/.complete"
echo "$(pwd)/$out"
