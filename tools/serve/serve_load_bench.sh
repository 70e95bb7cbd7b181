#!/usr/bin/env bash
# Load benchmark of `tbprobe serve` (not a test: run it by hand on an idle machine). Random
# positions of double5 and of mnk(cols=5,rows=4,k=4); CLIENTS keep-alive clients for SECONDS
# against a server with a CACHE_MB block cache; every answer checked against `tbprobe batch
# --json` on the same boards, whose rate is measured beside it. Reports requests/s, p50/p99
# latency, errors, wrong answers and the server's peak RSS.
# usage: tools/serve/serve_load_bench.sh BUILD_DIR TABLES [CLIENTS=64] [SECONDS=20] [CACHE_MB=64]
set -euo pipefail
bin=$1/bin tables=$(cd "$2" && pwd) clients=${3:-64} seconds=${4:-20} cache=${5:-64}
source "$(dirname "$0")/start_server.sh"
work=$(mktemp -d)
trap 'stop_server; rm -rf "$work"' EXIT
member='mnk(cols=5,rows=4,k=4)'
mkdir "$work/t"
for f in "$tables"/double5-*.tb; do ln -s "$f" "$work/t/"; done
"$bin/tbgen" build "$member" --tables "$work/t" >/dev/null

# 100,000 boards of each: double5 with any marks of whole rounds (every one arises in play),
# the member with X = O or O + 1 marks and no line of 4 (so none has ended).
python3 - "$work" <<'PY'
import random, sys
rng = random.Random(1)
def board(cols, rows, marks):
    cells = ["O"] * marks[0] + ["X"] * marks[1]
    cells += ["."] * (cols * rows - len(cells))
    rng.shuffle(cells)
    return "/".join("".join(cells[r * cols:(r + 1) * cols]) for r in range(rows))
def has_line(b, cols, rows, k):
    g = b.split("/")
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(k)]
                if all(0 <= rr < rows and 0 <= cc < cols for rr, cc in cells):
                    if g[r][c] != "." and all(g[rr][cc] == g[r][c] for rr, cc in cells):
                        return True
    return False
with open(sys.argv[1] + "/double5.boards", "w") as out:
    for _ in range(100000):
        k = rng.randrange(6)
        o = 2 * k + 2 * rng.randrange(2) if k < 5 else 10
        out.write(board(5, 5, (o, 2 * k)) + "\n")
with open(sys.argv[1] + "/member.boards", "w") as out:
    n = 0
    while n < 100000:
        o = rng.randrange(9)
        b = board(5, 4, (o, o + rng.randrange(2)))
        if not has_line(b, 5, 4, 4):
            out.write(b + "\n")
            n += 1
PY

for g in double5 member; do
  game=$([ $g = double5 ] && echo double5 || echo "$member")
  start=$(date +%s.%N)
  "$bin/tbprobe" batch "$game" --json --tables "$work/t" <"$work/$g.boards" >"$work/$g.expected"
  json_rate=$(echo "100000 / ($(date +%s.%N) - $start)" | bc -l)
  start=$(date +%s.%N)
  "$bin/tbprobe" batch "$game" --tables "$work/t" <"$work/$g.boards" >/dev/null
  value_rate=$(echo "100000 / ($(date +%s.%N) - $start)" | bc -l)
  printf 'tbprobe batch %-24s --json %8.0f boards/s   values %8.0f boards/s\n' "$game" \
    "$json_rate" "$value_rate"
done

start_server "$bin/tbprobe" "$work/server.log" --tables "$work/t" --cache-mb "$cache"
echo "server: $(head -1 "$work/server.log" | sed 's/.*(//; s/)//')"
status=0
"$bin/bench_serve_load" "$port" "$clients" "$seconds" \
  double5 "$work/double5.boards" "$work/double5.expected" \
  "$member" "$work/member.boards" "$work/member.expected" || status=$?
echo "server peak RSS: $(sed -n 's/VmHWM: *//p' /proc/$server/status)  (cache budget $cache MiB)"
exit $status
