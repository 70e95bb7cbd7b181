#!/usr/bin/env bash
# Builds the small slide members of tables/slide.CHECKSUMS (all but Teeko) and checks their
# tables byte for byte against it, every table of those members there and named, and one ply
# deep: the tables slide's own solver wrote before it became a structure of the cyclic engine.
# usage: slide_checksums.sh TBGEN LIST
set -eu
tbgen=$1 list=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for game in 'slide()' 'slide(step=rook)' 'slide(step=any)' 'slide(cols=4,rows=4,k=3,pieces=3)' \
  'slide(cols=4,rows=4,k=4,pieces=4,square=1)'; do
  "$tbgen" build "$game" --tables "$dir/t" --threads 2 >/dev/null
done
grep -v -- '-5x5-' "$list" >"$dir/list"  # Teeko's are checked by hand (a build of minutes)
"$tbgen" verify "$dir/t" --checksums "$dir/list" --deep --threads 2
