#!/usr/bin/env python3
"""Draws docs/images/build_time.svg: positions against build time (the CPU time of `tbgen
build`, steadier than wall time on a shared machine), log-log, one mark a member, one colour a
family, from the tables of docs/figures.md (every row that gives a member's positions and its
CPU time). No packages beyond Python's own.

usage: python3 docs/build_time_plot.py   (from anywhere; rewrites the picture)
"""
import math
import pathlib
import re

DOCS = pathlib.Path(__file__).resolve().parent
FAMILIES = [  # (prefix of the game string, label, colour)
    ("connect", "connect", "#d62728"), ("hex", "hex", "#1f77b4"), ("mnk", "mnk", "#9467bd"),
    ("slide", "slide (Teeko)", "#2ca02c"), ("morris", "morris", "#8c564b"),
    ("domineering", "domineering", "#ff7f0e"), ("cram", "cram", "#e377c2"),
    ("", "seed games", "#7f7f7f")]


def seconds(text):
    """'40.3 s', '34 min 40 s', '1 h 44 min 51 s' (what comes before any '(') -> seconds; None
    where there is no time."""
    units = {"h": 3600, "min": 60, "s": 1}
    parts = re.findall(r"([\d.,]+) (h|min|s)\b", text.split("(")[0])
    return sum(float(n.replace(",", "")) * units[u] for n, u in parts) if parts else None


def rows():
    """(game, positions, CPU seconds) of every table row of figures.md that has them."""
    out = []
    header = None
    for line in (DOCS / "figures.md").read_text().split("\n"):
        if not line.startswith("|"):
            header = None
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if header is None:
            header = [c.lower() for c in cells]
            continue
        if set(cells[0]) <= set("-: ") or "positions" not in header or "cpu" not in header:
            continue
        quoted = re.findall(r"`([^`]*)`", cells[0])  # the game string, where a name comes first
        game = quoted[0] if quoted else cells[0]
        count = re.match(r"[\d,]+", cells[header.index("positions")].replace("`", ""))
        cpu = seconds(cells[header.index("cpu")])
        if count and cpu and count.group().replace(",", "").isdigit():
            out.append((game, int(count.group().replace(",", "")), cpu))
    return out


def family(game):
    return next((label, colour) for prefix, label, colour in FAMILIES if game.startswith(prefix))


def draw(points):
    w, h, left, right, top, bottom = 720, 460, 70, 170, 20, 50
    xs = [math.log10(p) for _, p, _ in points]
    ys = [math.log10(s) for _, _, s in points]
    x0, x1 = math.floor(min(xs)), math.ceil(max(xs))
    y0, y1 = math.floor(min(ys)), math.ceil(max(ys))

    def X(v):
        return left + (v - x0) / (x1 - x0) * (w - left - right)

    def Y(v):
        return h - bottom - (v - y0) / (y1 - y0) * (h - top - bottom)

    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{w}" height="{h}" fill="white"/>']
    for e in range(x0, x1 + 1):
        svg.append(f'<line x1="{X(e):.1f}" y1="{top}" x2="{X(e):.1f}" y2="{h - bottom}" '
                   'stroke="#ddd"/>')
        svg.append(f'<text x="{X(e):.1f}" y="{h - bottom + 16}" text-anchor="middle">'
                   f'1e{e}</text>')
    for e in range(y0, y1 + 1):
        label = {-2: "10 ms", -1: "0.1 s", 0: "1 s", 1: "10 s", 2: "100 s", 3: "1,000 s",
                 4: "10,000 s", 5: "100,000 s"}.get(e, f"1e{e} s")
        svg.append(f'<line x1="{left}" y1="{Y(e):.1f}" x2="{w - right}" y2="{Y(e):.1f}" '
                   'stroke="#ddd"/>')
        svg.append(f'<text x="{left - 6}" y="{Y(e) + 4:.1f}" text-anchor="end">{label}</text>')
    svg.append(f'<text x="{(left + w - right) / 2}" y="{h - 12}" text-anchor="middle">'
               'positions (every position of every layer, before symmetry)</text>')
    svg.append(f'<text transform="translate(16,{(top + h - bottom) / 2}) rotate(-90)" '
               'text-anchor="middle">CPU time of tbgen build</text>')
    seen = []
    for game, p, s in points:
        label, colour = family(game)
        if label not in seen:
            seen.append(label)
        svg.append(f'<circle cx="{X(math.log10(p)):.1f}" cy="{Y(math.log10(s)):.1f}" r="4" '
                   f'fill="{colour}"><title>{game}: {p:,} positions, {s:,.2f} s</title></circle>')
    for i, label in enumerate(l for _, l, _ in FAMILIES if l in seen):
        colour = next(c for _, l, c in FAMILIES if l == label)
        y = top + 10 + 18 * i
        svg.append(f'<circle cx="{w - right + 16}" cy="{y}" r="4" fill="{colour}"/>')
        svg.append(f'<text x="{w - right + 26}" y="{y + 4}">{label}</text>')
    svg.append("</svg>")
    return "\n".join(svg) + "\n"


points = rows()
(DOCS / "images" / "build_time.svg").write_text(draw(points))
print(f"docs/images/build_time.svg: {len(points)} members")
