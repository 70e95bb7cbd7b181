#!/usr/bin/env python3
"""Sizing on paper for distributed builds (docs/distributed.md): entries per layer of a few
members beyond one machine, counted exactly (mnk: orbits of the key side's sets under the 4
symmetries of a rectangle, by Burnside, times the other side's placements; connect: heights and
colourings with fitting counts, halved by the mirror but for the classes equal to their mirror),
memory, exchange and expected times on a plausible cluster. usage: python3 docs/distributed_sizing.py"""
from math import comb
def inv_fixed(k, f, m):  # subsets of size k fixed by an involution with f fixed cells, m 2-cycles
    return sum(comb(m, j) * comb(f, k - 2 * j) for j in range(0, k // 2 + 1) if k - 2 * j <= f)
def orbits(cols, rows, k):
    n = cols * rows
    h = (cols % 2) * rows          # mirror columns: fixed cells = middle column
    v = (rows % 2) * cols          # mirror rows
    r = 1 if cols % 2 and rows % 2 else 0  # rot180 fixes the centre only
    total = comb(n, k) + inv_fixed(k, h, (n - h) // 2) + inv_fixed(k, v, (n - v) // 2) + inv_fixed(k, r, (n - r) // 2)
    return total // 4
def layers(cols, rows, p, q, turns=None):
    n = cols * rows
    out = []
    marks = [0, 0]  # first, second
    t = 0
    while True:
        # after t whole turns
        mover = t % 2           # side to move: 0 first, 1 second
        key = 1 - mover         # side that just moved (not to move)
        if sum(marks) > n or (turns is not None and t > turns): break
        a, b = marks[key], marks[mover]
        if a + b > n: break
        out.append((t, orbits(cols, rows, a) * comb(n - a, b)))
        if turns is not None and t == turns: break
        if sum(marks) == n: break
        add = q if t == 0 else p
        marks[mover] += min(add, n - sum(marks))
        t += 1
    return out
rate_core = 20_371_949_009 / 345.1 / 2   # entries/s per core, mnk(5,5,4) here
for name, cols, rows, p, q, turns in [("mnk(cols=6,rows=5,k=4)", 6, 5, 1, 1, None),
                                       ("mnk(cols=7,rows=4,k=4)", 7, 4, 1, 1, None),
                                       ("mnk(cols=6,rows=5,k=4,p=2,q=1)", 6, 5, 2, 1, None)]:
    L = layers(cols, rows, p, q, turns)
    total = sum(e for _, e in L)
    big_t, big = max(L, key=lambda x: x[1])
    # peak while solving layer t: layer t+1 keyed both ways + layer t, 2 bits an entry
    peak = max(2 * L[i + 1][1] + L[i][1] for i in range(len(L) - 1)) * 2 / 8
    exch = sum(e for _, e in L[1:]) * 9  # bytes, every layer re-keyed once (requests 8 B + code 1 B)
    print(f"{name}: {len(L)} layers, {total:.3e} entries after symmetry, largest layer t={big_t} {big:.3e} "
          f"({big*2/8/1e9:.0f} GB at 2 bits), solve peak {peak/1e9:.0f} GB, re-key traffic {exch/1e12:.1f} TB, "
          f"tables ~{total*0.22/8/1e9:.0f} GB at 0.22 bits")
    for N, cores in [(32, 64), (128, 64)]:
        compute = total / (rate_core * N * cores)
        network = exch / (N * 12.5e9)
        write = total * 0.22 / 8 / 2e9
        print(f"   N={N} nodes x {cores} cores: {peak/N/1e9:.1f} GB/node layer data, compute {compute/60:.1f} min, "
              f"exchange {network/60:.1f} min, rank 0 writes {write/60:.1f} min")
    if name.startswith("mnk(cols=6"):
        print("   per layer:", " ".join(f"t{t}:{e:.2e}" for t, e in L))


# ---- connect: the gravity index (family/gravity/gravity_index.hpp).
def col_states(rows):
    return [(h, j, comb(h, j)) for h in range(rows + 1) for j in range(h + 1)]
def conv(dp, opts):
    out = {}
    for (t, n), v in dp.items():
        for h, j, w in opts:
            out[(t + h, n + j)] = out.get((t + h, n + j), 0) + v * w
    return out
def connect_layers(cols, rows):
    """(t, positions before the mirror, entries stored) for every layer t."""
    states = col_states(rows)
    dense, mirror_equal = {(0, 0): 1}, {(0, 0): 1}
    for _ in range(cols):
        dense = conv(dense, states)
    for _ in range(cols // 2):  # classes equal to their mirror: each pair's states equal
        mirror_equal = conv(mirror_equal, [(2 * h, 2 * j, w * w) for h, j, w in states])
    if cols % 2:
        mirror_equal = conv(mirror_equal, states)
    out = []
    for t in range(cols * rows + 1):
        n1 = (t + 1) // 2
        d, e = dense.get((t, n1), 0), mirror_equal.get((t, n1), 0)
        out.append((t, d, (d + e) // 2))
    return out
# Measured here (docs/notes/connect_builds.md, the first 6x6 run): connect(cols=6,rows=6), one
# process streaming, solved and written 600,524,301,377 positions (before the mirror) in 8,312 s
# of CPU: 7.22e7 a second per core (6x5: 1.23e8; the larger board's classes and reads cost more
# a position, so 6x6's is the rate to carry to 7x6), tables of 4,153,019,301 bytes, 0.0553 bits
# a position (6x5: 0.0724), both with level-13 writing (level 3, taken since, writes 4x faster
# for 5.6% more bytes, docs/format.md). With 4 processes the bytes exchanged at a layer were 2.1
# times the next layer's codes at 2 bits (6x5, docs/distributed.md), with 2 processes 1.0
# times. With many processes it grows towards the bound of every move's class fetched: cols
# times. Both are printed.
connect_rate = 600_524_301_377 / 8_312.1
connect_bits = 4_153_019_301 * 8 / 600_524_301_377
FETCHED = 2.1
# One process streaming through work files (docs/solvers.md, "Connect in parts"): parts of
# 2^28 entries at 2 bits; a part reads at most 7.3 parts' worth of the next layer (measured over
# every part of 6x6's and 7x5's layers 27-35: 3-4 on average); work files of 0.31 bits an entry
# (zstd level 1; connect(cols=6,rows=5)'s largest layers, build log), two at a time on disk: an
# upper bound, 6x6's largest layers took 0.04-0.14 bits an entry (846 MB for the largest pair,
# layers 27 and 28, its build log), the bits falling as the board fills.
PART = 2**28
PART_READS = 7.3
WORK_BITS = 0.31
print()
for name, cols, rows in [("connect(cols=7,rows=5)", 7, 5), ("connect(cols=6,rows=6)", 6, 6),
                         ("connect(cols=7,rows=6)", 7, 6)]:
    L = connect_layers(cols, rows)
    dense = sum(d for _, d, _ in L)
    stored = sum(e for _, _, e in L)
    big_t, _, big = max(L, key=lambda x: x[2])
    peak = max(L[i][2] + L[i + 1][2] for i in range(len(L) - 1)) * 2 / 8  # layer t and t + 1
    traffic = sum(e for _, _, e in L[1:]) * FETCHED * 2 / 8
    bound = traffic / FETCHED * cols
    tables = dense * connect_bits / 8
    print(f"{name}: {len(L)} layers, {dense:.3e} positions, {stored:.3e} entries stored, largest layer "
          f"t={big_t} {big:.3e} ({big*2/8/1e9:.0f} GB at 2 bits), solve peak {peak/1e9:.0f} GB, "
          f"traffic {traffic/1e12:.1f} TB (bound {bound/1e12:.1f} TB), tables ~{tables/1e9:.0f} GB")
    work = max(L[i][2] + L[i + 1][2] for i in range(len(L) - 1)) * WORK_BITS / 8
    print(f"   one process streaming: {PART * (1 + PART_READS) * 2 / 8 / 1e9:.2f} GB of parts and "
          f"reads, work files {work / 1e9:.1f} GB on disk; {dense / (connect_rate * 2) / 60:,.0f} min on 2 cores, "
          f"{dense / (connect_rate * 64) / 60:,.1f} min on 64")
    for N, cores in ([(1, 64), (4, 64)] if cols * rows < 40 else [(32, 64), (128, 64)]):
        compute = dense / (connect_rate * N * cores)
        network = traffic / (N * 12.5e9)
        write = tables / 2e9
        print(f"   N={N} nodes x {cores} cores: {peak/N/1e9:.1f} GB/node layer data, compute {compute/60:.1f} min, "
              f"exchange {network/60:.2f} min (bound {bound/(N*12.5e9)/60:.2f}), rank 0 writes {write/60:.1f} min")

# ---- hex(cols=6): 36 cells, past the 32-bit cell masks of today's index (it needs 64-bit
# masks first). Its group is the identity and the half turn, which fixes no cell of an even
# board: a set of k cells is its own image only as k/2 cell pairs. One bit an entry (Hex cannot
# draw: one plane). The rate per core is hex(cols=5)'s here: 8.10e10 entries in 1,123 s on 2 cores
# (the same count for side 5, with the centre cell fixed, gives those 81,026,247,530 exactly).
hex_rate = 81_026_247_530 / 1123.2 / 2
def hex_layers(side):
    n = side * side
    out = []
    for t in range(n):  # layer t: t marks, the first player's ceil(t/2), keyed by the side not to move
        a = (t + 1) // 2 if t % 2 else t // 2  # key side: the one that just moved
        b = t - a
        fixed = comb(n // 2, a // 2) if a % 2 == 0 else 0
        out.append((t, (comb(n, a) + fixed) // 2 * comb(n - a, b)))
    return out
print()
L = hex_layers(6)
total = sum(e for _, e in L)
big_t, big = max(L, key=lambda x: x[1])
peak = max(2 * L[i + 1][1] + L[i][1] for i in range(len(L) - 1)) / 8  # one bit an entry
exch = sum(e for _, e in L[1:]) * 9
print(f"hex(cols=6): {len(L)} layers, {total:.3e} entries after symmetry, largest layer t={big_t} {big:.3e} "
      f"({big/8/1e12:.1f} TB at 1 bit), solve peak {peak/1e12:.1f} TB, re-key traffic {exch/1e15:.2f} PB, "
      f"tables ~{total*0.0805/8/1e12:.1f} TB at hex(cols=5)'s 0.0805 bits an entry")
for N, cores in [(128, 64), (1024, 64)]:
    print(f"   N={N} nodes x {cores} cores: {peak/N/1e9:.0f} GB/node layer data, compute "
          f"{total/(hex_rate*N*cores)/3600:.1f} h, exchange {exch/(N*12.5e9)/3600:.1f} h, rank 0 writes "
          f"{total*0.0805/8/2e9/3600:.1f} h")
