#!/usr/bin/env bash
# Builds family members from scratch and reports, per member: wall time, peak memory, table
# bytes, entries (the positions the tables store: whole-turn boards reduced by symmetry) and
# bits per entry, and the value of the empty board. A benchmark, not a test: run it by hand
# on an idle machine.
# usage: family/family_build_bench.sh BUILD_DIR GAME...
set -eu
bin=$1/bin
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-40s %8s %9s %12s %14s %10s  %s\n' game wall_s peak_MiB bytes entries bits/entry empty
for game in "$@"; do
  rm -rf "$work/t"
  /usr/bin/time -f '%e %M' -o "$work/time" "$bin/tbgen" build "$game" --tables "$work/t" >"$work/log"
  read -r wall kb <"$work/time"
  bytes=$(cat "$work"/t/*.tb 2>/dev/null | wc -c)
  entries=0
  for f in "$work"/t/*.tb; do
    entries=$((entries + $("$bin/tbgen" info "$f" | sed -n 's/^entries: *//p')))
  done
  cells=$(($(echo "$game" | sed -n 's/.*cols=\([0-9]*\).*/\1/p') * $(echo "$game" | sed -n 's/.*rows=\([0-9]*\).*/\1/p')))
  empty=$("$bin/tbprobe" --tables "$work/t" "$game" "$(printf '%*s' "$cells" '' | tr ' ' .)" | sed -n 's/^value: //p')
  printf '%-40s %8s %9d %12d %14d %10.3f  %s\n' "$game" "$wall" $((kb / 1024)) "$bytes" "$entries" \
    "$(echo "8 * $bytes / $entries" | bc -l)" "$empty"
done
