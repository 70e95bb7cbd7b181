#!/usr/bin/env python3
"""Keeps the README and docs/ honest.

usage: docs_check.py SRC BUILD TABLES

1. Every ```console block of README.md and docs/**/*.md runs and prints what the page shows. A
   line starting with `$ ` is a command (a line ending in `\\` continues it; a here-document,
   `<<'EOF'`, takes the lines up to `EOF`); the lines up to the next command are its standard
   output (standard error, progress and logs, is not shown). A line `...` stands for any
   number of lines; trailing spaces are ignored. Commands run as written, from a scratch
   directory that looks like the repository root after the quick start: `build` is BUILD,
   `tables` holds the tables of TABLES (the full_tables fixture) and receives what the page
   builds, `examples` is SRC's. `/tmp/` becomes a scratch folder and port 8080 a free port.
   Each command must exit 0; what it leaves running (`... &`) is stopped at the end.
2. Every game of games/games.def has a row in the README's tables of games that links to its
   section of docs/games.md, a heading that starts with the game's id.
3. Every relative link of README.md and docs/**/*.md (docs/notes/ too) names a file that exists, and a heading of
   it where it gives an #anchor.
4. The README stays a front page: under 200 lines (figures and details live in docs/).
"""
import os
import pathlib
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile

src, build, tables = (pathlib.Path(a).resolve() for a in sys.argv[1:4])
pages = [src / "README.md"] + sorted((src / "docs").rglob("*.md"))
failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message)


# ---- the page structure: fenced blocks, headings, links ----------------------------------------
def without_code(text):
    """The text with fenced blocks, indented code and code spans blanked out."""
    out, fenced = [], False
    for line in text.split("\n"):
        if line.startswith("```"):
            fenced = not fenced
            out.append("")
        elif fenced or line.startswith("    "):
            out.append("")
        else:
            out.append(re.sub(r"`[^`]*`", "", line))
    return "\n".join(out)


def slug(heading):
    """GitHub's anchor of a heading."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def headings(path):
    found, seen, fenced = {}, {}, False
    for line in path.read_text().split("\n"):
        if line.startswith("```"):
            fenced = not fenced
        m = None if fenced else re.match(r"#{1,6} (.*)", line)
        if m:
            s = slug(m.group(1))
            n = seen.get(s, 0)
            seen[s] = n + 1
            found[s if n == 0 else f"{s}-{n}"] = m.group(1)
    return found


def links(path):
    return re.findall(r"\[[^\]]*\]\(([^)\s]+)\)", without_code(path.read_text()))


# ---- 3. links ----------------------------------------------------------------------------------
link_count = 0
for page in pages:
    for target in links(page):
        if re.match(r"[a-z]+:", target):
            continue  # http:, https:, mailto:
        link_count += 1
        file_part, _, anchor = target.partition("#")
        dest = (page.parent / file_part).resolve() if file_part else page
        where = f"{page.relative_to(src)}: link {target}"
        if not dest.exists():
            fail(f"{where}: no file {dest}")
        elif anchor and dest.suffix == ".md" and anchor not in headings(dest):
            fail(f"{where}: no heading with anchor #{anchor} in {dest.name}")

# ---- 4. the README's length ---------------------------------------------------------------------
readme_lines = len((src / "README.md").read_text().split("\n")) - 1
if readme_lines >= 200:
    fail(f"README.md: {readme_lines} lines; the front page stays under 200 (move detail to docs/)")

# ---- 2. games ----------------------------------------------------------------------------------
games = re.findall(r"^TBGEN_(?:GAME|FAMILY)\((\w+),", (src / "games/games.def").read_text(), re.M)
games_md = headings(src / "docs/games.md")
rows = {}
for line in (src / "README.md").read_text().split("\n"):
    m = re.match(r"\| *\[?`?(\w+)`?\]?[^|]*\|", line)
    if m:
        rows[m.group(1)] = line
for game in games:
    row = rows.get(game)
    if not row:
        fail(f"README.md: no row for {game} in its tables of games")
        continue
    anchors = re.findall(r"\(docs/games\.md#([^)]+)\)", row)
    if not any(a in games_md and re.match(rf"`?{game}`?\b", games_md[a]) for a in anchors):
        fail(f"README.md: the row of {game} links to no section of docs/games.md about {game}")


# ---- 1. the console blocks ---------------------------------------------------------------------
def console_blocks(path):
    """[(line number, command, expected output lines)] of the page's ```console blocks."""
    lines, out, i = path.read_text().split("\n"), [], 0
    while i < len(lines):
        if lines[i].strip() != "```console":
            i += 1
            continue
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            if not lines[i].startswith("$ "):
                fail(f"{path.name}:{i + 1}: output before any command")
                i += 1
                continue
            start, command = i + 1, lines[i][2:]
            i += 1
            while command.endswith("\\") and i < len(lines):
                command += "\n" + lines[i]
                i += 1
            heredoc = re.search(r"<<-?\s*'?(\w+)'?", command)
            if heredoc:
                while i < len(lines) and lines[i] != heredoc.group(1):
                    command += "\n" + lines[i]
                    i += 1
                command += "\n" + heredoc.group(1)
                i += 1
            expected = []
            while i < len(lines) and not lines[i].startswith("$ ") and lines[i].strip() != "```":
                expected.append(lines[i])
                i += 1
            out.append((start, command, expected))
        i += 1
    return out


def matches(expected, actual):
    """Whether the lines match, `...` standing for any number of lines."""
    expected = [e.rstrip() for e in expected]
    actual = [a.rstrip() for a in actual]
    memo = {}

    def at(e, a):
        if (e, a) not in memo:
            if e == len(expected):
                memo[e, a] = a == len(actual)
            elif expected[e].strip() == "...":
                memo[e, a] = at(e + 1, a) or (a < len(actual) and at(e, a + 1))
            else:
                memo[e, a] = a < len(actual) and expected[e] == actual[a] and at(e + 1, a + 1)
        return memo[e, a]

    return at(0, 0)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return str(s.getsockname()[1])


work = pathlib.Path(tempfile.mkdtemp(prefix="tbgen-docs-"))
sessions, ran = [], 0
try:
    (work / "root").mkdir()
    (work / "tmp").mkdir()
    root = work / "root"
    (root / "build").symlink_to(build)
    (root / "examples").symlink_to(src / "examples")
    (root / "tables").mkdir()
    for table in tables.iterdir():
        (root / "tables" / table.name).symlink_to(table)
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("TBGEN_TABLES", "PYTHONPATH")}
    for page in pages:
        for line, command, expected in console_blocks(page):
            where = f"{page.relative_to(src)}:{line}"
            run = command.replace("/tmp/", f"{work}/tmp/").replace("8080", port)
            stdout, stderr = work / "stdout", work / "stderr"
            with open(stdout, "w") as out, open(stderr, "w") as err:
                # A session of its own, so that what the command leaves running can be stopped.
                p = subprocess.Popen(["bash", "-c", run], cwd=root, env=env, stdout=out,
                                     stderr=err, stdin=subprocess.DEVNULL, start_new_session=True)
                if run.rstrip().endswith("&"):
                    sessions.append(p.pid)
                try:
                    status = p.wait(timeout=300)
                except subprocess.TimeoutExpired:
                    status = "timeout"
            ran += 1
            actual = stdout.read_text().split("\n")
            if actual and actual[-1] == "":
                actual.pop()
            if status != 0 or not matches(expected, actual):
                fail(f"{where}: `{command}` (exit {status}) printed:\n" + "\n".join(actual) +
                     "\n--- stderr:\n" + stderr.read_text()[-2000:] +
                     "--- the page shows:\n" + "\n".join(expected))
finally:
    for pid in sessions:
        try:
            os.killpg(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    shutil.rmtree(work, ignore_errors=True)

print(f"{ran} commands run, {link_count} links followed, {len(games)} games found: "
      f"{len(failures)} failed")
sys.exit(1 if failures else 0)
