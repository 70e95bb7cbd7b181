#!/usr/bin/env bash
# The main job: set up, build the default tables into ./tables, show a few probes.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build
build/bin/tbgen build all
build/bin/tbgen verify tables
echo "--- tbprobe score3 'X.O/.X./...'"
build/bin/tbprobe score3 'X.O/.X./...'
echo "--- tbprobe solve score3 (contest sample)"
printf '3\n1 2 1\n2 1 2\n0 0 0\n2 1 1\n0 2 1\n0 0 2\n0 0 0\n0 0 0\n0 0 0\n' | build/bin/tbprobe solve score3
