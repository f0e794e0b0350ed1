#!/usr/bin/env bash
# Sets up the renderers strata-bench measures Strata against on real Lottie files:
# rlottie from Debian (librlottie-dev, installed by install-deps.sh) and ThorVG, whose Linux
# library comes inside the `thorvg-python` wheel from PyPI, installed into a virtual environment
# under .build/ (nothing is committed). Prints the path of libthorvg for STRATA_THORVG.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/bench-peers
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -c "import thorvg_python" 2>/dev/null || "$venv/bin/pip" install -q "thorvg-python==1.1.3"
library=$(find "$venv" -name 'libthorvg*.so*' | head -1)
if [ -z "$library" ]; then
    echo "error: the thorvg-python wheel did not bring libthorvg" >&2
    exit 1
fi
echo "$(pwd)/$library"
