#!/usr/bin/env bash
# The full soak: a million animation add/remove cycles and a million frames of a changing tree,
# in a release build, memory measured after warm-up (the tests state the bound).
set -euo pipefail
cd "$(dirname "$0")/.."
STRATA_SOAK_SCALE=1 swift test -c release --build-path .build-soak --filter SoakTests
