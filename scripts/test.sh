#!/usr/bin/env bash
# Sets up if needed and runs every test: the CTest suite (unit tests, the command-line
# contract, the full tables of every game with their checksums and deep verification (all but
# double5's four largest: tests/CMakeLists.txt), kill-and-resume, distributed builds under
# mpirun, the HTTP contract of tbprobe serve and its explorer in chromium), then ASan+UBSan over
# the suite (less the full tables and the slow comparisons with the independent references),
# TSan over the concurrency test, the bounded block cache and tables changed under probing
# threads, and a bounded run of each fuzzer over its corpus.
# usage: scripts/test.sh [--quick]      --quick: the CTest suite only
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
if [ "${1:-}" = --quick ]; then
  scripts/setup.sh build
  ctest --test-dir build --output-on-failure -j "$jobs"
  exit 0
fi
scripts/setup.sh build --with-sanitizers
echo "== clang-format"
git ls-files '*.cpp' '*.hpp' | xargs clang-format --dry-run --Werror
ctest --test-dir build --output-on-failure -j "$jobs"

configure_clang() {  # configure_clang DIR CMAKE_ARGS...
  local dir=$1; shift
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
        -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -gline-tables-only -DNDEBUG" \
        -DTBGEN_BUILD_BENCH=OFF -DTBGEN_NATIVE=OFF "$@" >/dev/null
}
echo "== ASan + UBSan"
# Without the Python module: its tests need the full tables, which this stage leaves out, as it
# leaves out the test programs that read them; nor the comparisons with the independent
# references (below). Line tables only: reports name their
# lines, and a sixth less to compile than full debug information.
configure_clang build-asan -DTBGEN_SANITIZE=address,undefined \
  -DCMAKE_DISABLE_FIND_PACKAGE_pybind11=ON -DTBGEN_REFERENCE_TESTS=OFF -DTBGEN_FULL_TABLE_TESTS=OFF
cmake --build build-asan
# The larger comparisons with the independent minimax (Large/...) and weighted3's search over
# 40,000 weight vectors take minutes under the sanitizers and add no code path the small ones
# and the other weighted3 tests miss.
ctest --test-dir build-asan --output-on-failure -j "$jobs" -LE "full_tables|install|reference" \
  -E '^Large/|^Weighted3.EmptyBoardMatchesSearchOn40000WeightVectors$'

echo "== TSan: probing from 8 threads while tables open and close; the bounded block cache;"
echo "   tables changed under 4 probing threads"
# The TSan and fuzz builds at -O1 (a quarter less to compile than -O2): their runs are short.
quick_flags=(-DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG")
configure_clang build-tsan -DTBGEN_SANITIZE=thread "${quick_flags[@]}"
cmake --build build-tsan --target concurrency_test table_file_test table_change_test
build-tsan/bin/concurrency_test
build-tsan/bin/table_change_test
build-tsan/bin/table_file_test --gtest_filter='*Bounded*'

echo "== libFuzzer: 10 s per target"
configure_clang build-fuzz -DTBGEN_FUZZ=ON -DTBGEN_BUILD_TESTS=OFF "${quick_flags[@]}"
targets="board contest game_string query table"
cmake --build build-fuzz --target $(printf 'fuzz_%s ' $targets)  # the fuzzers and the reader
# The tables the targets read: made once, by the plain build, in seconds.
TBGEN_FUZZ_TABLES=$(mktemp -d)
export TBGEN_FUZZ_TABLES
trap 'rm -rf "$TBGEN_FUZZ_TABLES"' EXIT
build/bin/fuzz_tables "$TBGEN_FUZZ_TABLES"
fuzzed=0
for target in $targets; do
  # Inputs that once crashed stay as regression cases; then new inputs for 10 s. No single
  # allocation over 512 MiB: one sized by a number read from the input (a contest's T) fails
  # every run, not only the runs where the total passes the RSS limit.
  if compgen -G "fuzz/regressions/$target/*" >/dev/null; then
    build-fuzz/bin/fuzz_$target -malloc_limit_mb=512 fuzz/regressions/$target/*
  fi
  scratch=$(mktemp -d)
  build-fuzz/bin/fuzz_$target -max_total_time=10 -max_len=4096 -timeout=10 -malloc_limit_mb=512 \
    -print_final_stats=1 "$scratch" "fuzz/corpus/$target" 2>&1 |
    grep -E "^stat::number_of_executed_units|Done"
  rm -rf "$scratch"
  fuzzed=$((fuzzed + 1))
done
echo "sanitizers and fuzzers: $((2 + fuzzed)) passed, 0 failed"
