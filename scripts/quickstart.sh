#!/usr/bin/env bash
# The main job: set up, build the default tables of every game into ./tables (about two
# minutes on 2 cores), check them against the reviewed checksums, and show a few probes.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build
build/bin/tbgen build all
build/bin/tbgen verify tables
show() { echo "--- $*"; "$@"; }
show build/bin/tbprobe double5 '...../...../...../...../.....' --json | cut -c1-300
show build/bin/tbprobe score3 'X.O/.X./...'
show build/bin/tbprobe weighted3 'X../.O./...' --weights '-1 1 0 -4 -2 -5 -4 -1 -5'
show build/bin/tbprobe surreal3 'O.X/.O./X.O' 'XX./.../...'
show build/bin/tbprobe nim3 '1 2 3/4 5 6/7 8 9'
echo "--- tbprobe solve double5 (contest sample)"
printf '4\nOXX..\nXOOX.\nOXOOO\nOXOOX\nOXOXX\nXX.O.\nXX.OO\nXXXOO\nXX.XO\n.OOOO\nXOOOO\nXXXXO\nX.XOO\nXO...\nOOX.X\nXOOOO\nXXXXO\nX.XOO\nXO...\nOO...\n' |
  build/bin/tbprobe solve double5
