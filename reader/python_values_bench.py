#!/usr/bin/python3
"""Python `values` (NumPy masks) against `batch` (board strings) on the same positions, both
warm, in turn (issue 40): positions drawn uniformly over all positions of a member, as
reader/member_probe_bench.cpp draws them.

    PYTHONPATH=build/python python3 reader/python_values_bench.py TABLES [GAME] [RUNS]

GAME: double5 (default), 'connect(cols=6,rows=5)' or 'hex(cols=4,rows=5)'. Prints each run's
times and ratio, then the medians; every answer of `values` is checked against `batch`'s.
"""
import statistics
import sys
import time
from math import comb

import numpy as np
import tbreader

# (cols, rows, gravity, layers, marks of (first, second) after layer t)
MEMBERS = {
    "double5": (5, 5, False, 11, lambda r: (2 * ((r + 1) // 2), 2 * (r // 2))),
    "connect(cols=6,rows=5)": (6, 5, True, 31, lambda t: ((t + 1) // 2, t // 2)),
    "hex(cols=4,rows=5)": (4, 5, False, 21, lambda t: ((t + 1) // 2, t // 2)),
}
N = 1 << 20


def sample(game, rng, n):
    """n positions as rows of cells (0 empty, 1 first, 2 second), uniform over all positions of
    the member: a layer by its number of positions, then its cells (gravity: the column heights
    uniform among those of that many marks, then which marks are the first player's)."""
    cols, rows, gravity, layers, marks = MEMBERS[game]
    cells = cols * rows
    ways = [[0] * (cells + 1) for _ in range(cols + 1)]  # heights of columns c.. holding m marks
    ways[cols][0] = 1
    for c in range(cols - 1, -1, -1):
        for m in range(cells + 1):
            ways[c][m] = sum(ways[c + 1][m - h] for h in range(min(rows, m) + 1))
    weights = [ways[0][sum(marks(t))] * comb(sum(marks(t)), marks(t)[0]) if gravity
               else comb(cells, marks(t)[0]) * comb(cells - marks(t)[0], marks(t)[1])
               for t in range(layers)]
    p = np.array(weights, dtype=float)
    layer = rng.choice(layers, size=n, p=p / p.sum())
    out = np.zeros((n, cells), dtype=np.int8)
    for t in range(layers):
        rows_t = np.flatnonzero(layer == t)
        if len(rows_t) == 0:
            continue
        f, s = marks(t)
        if gravity:
            occupied = np.zeros((len(rows_t), cells), dtype=bool)
            for k, i in enumerate(rows_t):
                left = f + s
                for c in range(cols):
                    u = rng.random() * ways[c][left]
                    h = 0
                    while h < min(rows, left):
                        u -= ways[c + 1][left - h]
                        if u <= 0:
                            break
                        h += 1
                    for r in range(h):
                        occupied[k, (rows - 1 - r) * cols + c] = True
                    left -= h
            keys = np.where(occupied, rng.random(occupied.shape), 2.0)
        else:
            keys = rng.random((len(rows_t), cells))
        order = np.argsort(keys, axis=1)  # occupied cells first, in random order
        block = np.zeros((len(rows_t), cells), dtype=np.int8)
        np.put_along_axis(block, order[:, :f], 1, axis=1)
        np.put_along_axis(block, order[:, f:f + s], 2, axis=1)
        out[rows_t] = block
    return out


def masks(cells_of, who):
    bits = (np.uint64(1) << np.arange(cells_of.shape[1], dtype=np.uint64))
    return ((cells_of == who).astype(np.uint64) * bits).sum(axis=1, dtype=np.uint64)


def main():
    tables = sys.argv[1]
    game = sys.argv[2] if len(sys.argv) > 2 else "double5"
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    cols, rows = MEMBERS[game][0], MEMBERS[game][1]
    tb = tbreader.Tablebase(tables)
    g = tb.game(game)
    a, b = ("O", "X") if game == "double5" else ("X", "O")
    rng = np.random.default_rng(40)
    letters = np.frombuffer((".%s%s" % (a, b)).encode(), dtype=np.uint8)
    cells_of = np.zeros((0, cols * rows), dtype=np.int8)
    while len(cells_of) < N:  # boards that cannot arise (both sides with a line) drawn again
        drawn = sample(game, rng, N // 2)
        texts = letters[drawn].tobytes().decode()
        width = cols * rows
        keep = np.ones(len(drawn), dtype=bool)
        if game != "double5":  # every double5 board can arise
            for i in range(len(drawn)):
                try:
                    tb.value(game, texts[i * width:(i + 1) * width])
                except ValueError:
                    keep[i] = False
        cells_of = np.concatenate([cells_of, drawn[keep]])
    cells_of = cells_of[:N]
    first, second = masks(cells_of, 1), masks(cells_of, 2)
    flat = letters[cells_of].tobytes().decode()
    boards = [flat[i * cols * rows:(i + 1) * cols * rows] for i in range(N)]
    values = g.values(first, second)  # warm: every block touched decoded
    texts = tb.batch(game, boards)
    ratios, tv, tbt = [], [], []
    for run in range(runs):
        t0 = time.perf_counter()
        values = g.values(first, second)
        t1 = time.perf_counter()
        texts = tb.batch(game, boards)
        t2 = time.perf_counter()
        tv.append(t1 - t0)
        tbt.append(t2 - t1)
        ratios.append((t2 - t1) / (t1 - t0))
        print(f"run {run + 1}: values {t1 - t0:.3f} s, batch {t2 - t1:.3f} s, {ratios[-1]:.1f}x")
    names = {1: {"O win" if a == "O" else "X win"}, -1: {"X win" if a == "O" else "O win"},
             0: {"Draw"}}
    assert all(t in names[int(v)] for v, t in zip(values, texts)), "values and batch disagree"
    print(f"{game}: {N} positions; medians: values {statistics.median(tv):.3f} s, "
          f"batch {statistics.median(tbt):.3f} s, {statistics.median(ratios):.1f}x")


if __name__ == "__main__":
    main()
