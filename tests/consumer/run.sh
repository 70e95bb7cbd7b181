#!/usr/bin/env bash
# Installs the reader into a scratch prefix, builds tests/consumer against it with
# find_package(tbreader), and probes a freshly built table. usage: run.sh SRC BUILD BIN
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
echo "1 passed, 0 failed"
