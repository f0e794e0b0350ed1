#!/usr/bin/env bash
# The main job: installs what is missing, builds Strata, and renders the demos into out/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build -c release --product strata
out="${1:-out}"
.build/release/strata demo --out "$out"
echo "Demos written to $out/"
