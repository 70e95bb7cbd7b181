#!/usr/bin/env bash
# Sets up if needed and runs every test: the CTest suite (unit tests, the command-line
# contract, the full tables of every game with their checksums and deep verification,
# kill-and-resume, distributed builds under mpirun, the HTTP contract of tbprobe serve and its
# explorer in chromium), then ASan+UBSan over the suite (less the full tables and the slow
# comparisons with the independent minimax), TSan over the concurrency test, the bounded block
# cache and tables changed under probing threads, and a bounded run of each fuzzer over its
# corpus.
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
        -DTBGEN_BUILD_BENCH=OFF -DTBGEN_NATIVE=OFF "$@" >/dev/null
}
echo "== ASan + UBSan"
# One build for this suite and the fuzzers (below), with libFuzzer's coverage. Without the
# Python module: its tests need the full tables, which this stage leaves out; nor the
# comparisons with the independent references (below). At -O1 with line tables only, as the
# sanitizers advise: a fifth less to compile, and reports still name their lines.
configure_clang build-asan -DTBGEN_SANITIZE=address,undefined -DTBGEN_FUZZ=ON \
  -DCMAKE_DISABLE_FIND_PACKAGE_pybind11=ON -DTBGEN_REFERENCE_TESTS=OFF \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG"
cmake --build build-asan
# The larger comparisons with the independent minimax (Large/...) take minutes under the
# sanitizers and add no code path the small ones miss.
ctest --test-dir build-asan --output-on-failure -j "$jobs" -LE "full_tables|install|reference" \
  -E '^Large/'

echo "== TSan: probing from 8 threads while tables open and close; the bounded block cache;"
echo "   tables changed under 4 probing threads"
configure_clang build-tsan -DTBGEN_SANITIZE=thread
cmake --build build-tsan --target concurrency_test table_file_test table_change_test
build-tsan/bin/concurrency_test
build-tsan/bin/table_change_test
build-tsan/bin/table_file_test --gtest_filter='*Bounded*'

echo "== libFuzzer: 10 s per target"
targets="board contest game_string query table"
fuzzed=0
for target in $targets; do
  # Inputs that once crashed stay as regression cases; then new inputs for 10 s. The first
  # input builds every family's example tables under the sanitizers (about 11 s), hence the
  # 30 s a unit.
  if compgen -G "fuzz/regressions/$target/*" >/dev/null; then
    build-asan/bin/fuzz_$target fuzz/regressions/$target/*
  fi
  scratch=$(mktemp -d)
  build-asan/bin/fuzz_$target -max_total_time=10 -max_len=4096 -timeout=30 -print_final_stats=1 \
    "$scratch" "fuzz/corpus/$target" 2>&1 | grep -E "^stat::number_of_executed_units|Done"
  rm -rf "$scratch"
  fuzzed=$((fuzzed + 1))
done
echo "sanitizers and fuzzers: $((2 + fuzzed)) passed, 0 failed"
