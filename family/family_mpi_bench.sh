#!/usr/bin/env bash
# Distributed builds side by side (SPEC 9): a member built from scratch by 1, 2 and 4 MPI
# processes (and by one plain process), with wall time, each process's peak memory and the
# bytes the processes exchanged at each layer. A benchmark, not a test: run it by hand on an
# idle machine. On this 2-core machine 4 processes share 2 cores (1 thread each; a single
# process uses 2).
# usage: family/family_mpi_bench.sh BUILD_DIR GAME [PROCESSES...]     (default: 1 2 4)
set -eu
bin=$1/bin game=$2
shift 2
counts=${*:-1 2 4}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_hwloc_base_binding_policy=none
/usr/bin/time -f '%e %M' -o "$work/time" "$bin/tbgen" build "$game" --tables "$work/single" >/dev/null
read -r wall kb <"$work/time"
echo "one process, no MPI: ${wall} s, peak $((kb / 1024)) MiB"
for n in $counts; do
  threads=$(( n >= $(nproc) ? 1 : $(nproc) / n ))
  start=$(date +%s.%N)
  mpirun -np "$n" /usr/bin/time -f 'peak %M' -a -o "$work/peaks.$n" \
    "$bin/tbgen" build "$game" --tables "$work/np$n" --threads "$threads" --mpi >"$work/log.$n"
  wall=$(echo "$(date +%s.%N) - $start" | bc)
  peaks=$(sed -n 's/^peak //p' "$work/peaks.$n" | sort -n | awk '{printf "%s%d", (NR > 1 ? " " : ""), $1 / 1024}')
  same=yes
  for f in "$work"/single/*.tb; do cmp -s "$f" "$work/np$n/$(basename "$f")" || same=NO; done
  printf '%d processes x %d threads: %.1f s, peak MiB per process: %s, files identical: %s\n' \
    "$n" "$threads" "$wall" "$peaks" "$same"
  sed -n 's/.* \(turn\|layer\) \([0-9]*\): solved in \([0-9.]*\) s, [0-9.]* s of CPU on .* processes, \([0-9]*\) bytes exchanged.*/  \1 \2: \3 s, \4 bytes exchanged/p' "$work/log.$n"
done
