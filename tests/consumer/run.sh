#!/usr/bin/env bash
# Installs the reader into a scratch prefix, builds tests/consumer (C++) and examples/c_probe (C)
# against it with find_package(tbreader), and probes freshly built tables. usage: run.sh SRC BUILD BIN
set -eu
src=$1 build=$2 bin=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
cmake -S "$src/tests/consumer" -B "$work/build" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/build" >/dev/null
"$bin/tbgen" build score3 --tables "$work/tables" >/dev/null
out=$("$work/build/consumer" "$work/tables")
[ "$out" = "0 9" ] || { echo "consumer printed '$out', expected '0 9'"; exit 1; }
# The C example (docs/library.md, the README's tour): Connect Four on 6x4, where O wins on the
# last ply whatever X plays.
cmake -S "$src/examples/c_probe" -B "$work/c" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/c" >/dev/null
"$bin/tbgen" build 'connect(cols=6,rows=4)' --tables "$work/tables" >/dev/null
out=$("$work/c/probe" "$work/tables" 'connect(cols=6,rows=4)')
expected="empty board: -1
first mark in column 1: -1
first mark in column 2: -1
first mark in column 3: -1
first mark in column 4: -1
first mark in column 5: -1
first mark in column 6: -1
a floating mark: -1 (position (first 0x1, second 0): the mark at a1 is above an empty cell (a mark drops to the lowest empty cell of its column))"
[ "$out" = "$expected" ] || { echo "the C example printed:"; echo "$out"; exit 1; }
echo "2 passed, 0 failed"
