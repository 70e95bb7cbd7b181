#!/usr/bin/env bash
# Builds family members from scratch (mnk, lines, connect) RUNS times each (default 3) and
# reports, per member, the medians of wall time and peak memory, then: table bytes; positions
# (every position of the layers solved, before symmetry) and entries (the positions the tables
# store, after symmetry); positions solved per second per core; bits per position and per entry;
# the value of the empty board. A benchmark, not a test: run it by hand on an idle machine.
# usage: [RUNS=3] family/family_build_bench.sh BUILD_DIR GAME...
set -eu
bin=$1/bin
shift
runs=${RUNS:-3}
cores=$(nproc)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
printf '%-44s %8s %9s %12s %16s %14s %12s %9s %9s  %s\n' game wall_s peak_MiB bytes positions \
  entries pos/s/core bits/pos bits/entry empty
for game in "$@"; do
  : >"$work/walls"
  : >"$work/peaks"
  for _ in $(seq "$runs"); do
    rm -rf "$work/t"
    /usr/bin/time -f '%e %M' -o "$work/time" "$bin/tbgen" build "$game" --tables "$work/t" >"$work/log"
    read -r wall kb <"$work/time"
    echo "$wall" >>"$work/walls"
    echo $((kb / 1024)) >>"$work/peaks"
  done
  wall=$(median <"$work/walls")
  peak=$(median <"$work/peaks")
  bytes=$(cat "$work"/t/*.tb 2>/dev/null | wc -c)
  entries=0
  for f in "$work"/t/*.tb; do
    entries=$((entries + $("$bin/tbgen" info "$f" | sed -n 's/^entries: *//p')))
  done
  # "GAME: N positions (M stored after symmetry), ...": the build's own count of what it solves.
  positions=$(sed -n 's/^[^ ]*: \([0-9,]*\) positions (.*/\1/p' "$work/log" | tr -d ,)
  # The canonical game string (every key) leads the build's first line.
  canonical=$(sed -n '1s/^\(.*)\): .*/\1/p' "$work/log")
  cells=$(($(echo "$canonical" | sed -n 's/.*cols=\([0-9]*\).*/\1/p') * $(echo "$canonical" | sed -n 's/.*rows=\([0-9]*\).*/\1/p')))
  empty=$("$bin/tbprobe" --tables "$work/t" "$game" "$(printf '%*s' "$cells" '' | tr ' ' .)" | sed -n 's/^value: //p')
  printf '%-44s %8s %9d %12d %16d %14d %12.3g %9.4f %9.4f  %s\n' "$game" "$wall" "$peak" "$bytes" \
    "$positions" "$entries" "$(echo "$positions / ($wall + 0.005) / $cores" | bc -l)" \
    "$(echo "8 * $bytes / $positions" | bc -l)" "$(echo "8 * $bytes / $entries" | bc -l)" "$empty"
done
