#!/usr/bin/env python3
"""The man pages (docs/man/) against the commands' own --help, so that neither drifts.

usage: man_pages.py BIN_DIR MAN_DIR

For tbgen and tbprobe: every subcommand of `CMD --help` has its item in COMMANDS and every
item there is a subcommand; the options of `CMD --help` are the items of OPTIONS, and those
of `CMD SUB --help` the items under SUB's; a default (`=8080`) or range (`in [1 - 1024]`) the
help shows is in the item's text; every game the help lists is named; no option is mentioned
anywhere in the page that the command does not have; the sections a man page needs are there.
"""
import re
import subprocess
import sys
from pathlib import Path

SECTIONS = ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "EXIT STATUS",
            "ENVIRONMENT", "FILES", "EXAMPLES", "SEE ALSO"]
OPTION = re.compile(r"(?<![\w-])(--?[a-zA-Z][\w-]*)")

errors = []


def fail(message):
    errors.append(message)


def help_of(binary, *args):
    run = subprocess.run([str(binary), *args, "--help"], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"{binary.name} {' '.join(args)} --help: exit {run.returncode}\n{run.stderr}")
    return run.stdout


def help_blocks(text):
    """CLI11's help: {'Options': {option: its line(s)}, 'Subcommands': {name: line}, ...}."""
    blocks, block, current = {}, None, None
    for line in text.splitlines():
        if re.fullmatch(r"\w+:", line):
            block = blocks.setdefault(line[:-1], {})
        elif block is not None and line.startswith("  ") and not line.startswith("   "):
            names = line.split()[0]
            # "-h,--help": each name; "--port INT:INT in [0 - 65535]=8080": the name alone.
            current = [n for n in names.split(",") if n]
            for name in current:
                block[name] = line
        elif block is not None and line.startswith("   ") and current:
            for name in current:
                block[name] += "\n" + line
        elif not line.strip():
            block, current = None, None
    return blocks


def plain(roff):
    """The text of roff source: requests' arguments, escapes resolved, font changes dropped."""
    text = re.sub(r"^\.\\\".*$", "", roff, flags=re.M)  # comments
    text = re.sub(r"^\.(B|I|BI|IB|BR|RB|IR|RI)\s+", "", text, flags=re.M)
    text = text.replace("\\-", "-").replace("\\(aq", "'").replace("\\e", "\\").replace("\\&", "")
    text = re.sub(r"\\f[BIRP]", "", text)
    return text.replace('"', "")


def man_sections(roff):
    """{section title: its lines}, from .SH."""
    sections, current = {}, None
    for line in roff.splitlines():
        m = re.match(r'\.SH\s+"?([^"]+)"?', line)
        if m:
            current = sections.setdefault(m.group(1).strip(), [])
        elif current is not None:
            current.append(line)
    return sections


def items(lines):
    """The .TP items of a section: [(tag, body lines, items nested in .RS/.RE under it)]."""
    top = []
    lists, current = [top], [None]  # per .RS depth: its item list, its latest item
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith(".TP") and i + 1 < len(lines):
            current[-1] = (plain(lines[i + 1]).strip(), [], [])
            lists[-1].append(current[-1])
            i += 2
            continue
        if line.startswith(".RS"):
            lists.append(current[-1][2] if current[-1] else [])
            current.append(None)
        elif line.startswith(".RE") and len(lists) > 1:
            lists.pop()
            current.pop()
        elif current[-1]:
            current[-1][1].append(line)
        i += 1
    return top


def options_in(tag):
    return set(OPTION.findall(tag))


def check_item(command, where, option, help_line, body):
    """The default and range the help shows for an option are in its item."""
    text = plain("\n".join(body))
    # "  --port INT:INT in [0 - 65535]=8080": the name, then its type up to two spaces.
    spec = re.match(r"\s*\S+((?: \S+)*)", help_line).group(1)
    default = re.search(r"=(\S+)$", spec)
    if default and default.group(1) not in text:
        fail(f"{command}.1: {where} {option}: the help's default {default.group(1)} is not in "
             "its item")
    for bound in re.findall(r"in \[(\S+) - (\S+)\]", spec):
        if not all(re.search(rf"\b{re.escape(b)}\b", text) for b in bound):
            fail(f"{command}.1: {where} {option}: the help's range {bound[0]} - {bound[1]} is "
                 "not in its item")


def game_names(bin_dir):
    """The games tbgen builds, from the list `tbgen build --help` gives for GAME."""
    text = " ".join(help_of(bin_dir / "tbgen", "build").split())
    listed = re.search(r"a game string: (.*?)(?: Options:|$)", text)
    names = set()
    for entry in (listed.group(1).split(" | ") if listed else []):
        name = re.match(r"[a-z][a-z0-9]*", entry)
        if name and name.group(0) != "all":
            names.add(name.group(0))
    if not names:
        fail("tbgen build --help: no list of games found (has its help changed?)")
    return names


def check(command, bin_dir, man_dir):
    binary = bin_dir / command
    roff = (man_dir / f"{command}.1").read_text()
    sections = man_sections(roff)
    for name in SECTIONS:
        if name not in sections:
            fail(f"{command}.1: no section {name}")
    top_help = help_of(binary)
    top = help_blocks(top_help)
    subcommands = list(top.get("Subcommands", {}))
    if not subcommands:
        fail(f"{command} --help: no subcommands found (has CLI11's help changed?)")
    # COMMANDS: one item per subcommand (tbprobe's bare GAME BOARD... is an item of its own).
    command_items = {tag.split()[0]: (body, nested)
                     for tag, body, nested in items(sections.get("COMMANDS", []))
                     if tag and tag.split()[0].islower()}
    for sub in subcommands:
        if sub not in command_items:
            fail(f"{command}.1: COMMANDS has no item for subcommand '{sub}' ({command} --help)")
    for sub in command_items:
        if sub not in subcommands:
            fail(f"{command}.1: COMMANDS has '{sub}', which {command} --help does not list")
    # OPTIONS: the command's own options, each with its item.
    top_options = top.get("Options", {})
    man_options = {}
    for tag, body, _ in items(sections.get("OPTIONS", [])):
        for option in options_in(tag):
            man_options[option] = body
    for option in top_options:
        if option not in man_options:
            fail(f"{command}.1: OPTIONS has no item for {option} ({command} --help)")
        else:
            check_item(command, "OPTIONS", option, top_options[option], man_options[option])
    for option in man_options:
        if option not in top_options:
            fail(f"{command}.1: OPTIONS has {option}, which {command} --help does not list")
    # Each subcommand's options, under its item.
    every_option = set(top_options)
    for sub in subcommands:
        sub_options = {o: line for o, line in help_blocks(help_of(binary, sub)).get("Options", {}).items()
                       if o not in ("-h", "--help")}
        every_option |= set(sub_options)
        body, nested = command_items.get(sub, ([], []))
        nested_options = {}
        for tag, item_body, _ in nested:
            for option in options_in(tag):
                nested_options[option] = item_body
        for option, line in sub_options.items():
            if option not in nested_options:
                fail(f"{command}.1: the item of '{sub}' has no item for {option} ({command} {sub} --help)")
            else:
                check_item(command, sub, option, line, nested_options[option])
        for option in nested_options:
            if option not in sub_options:
                fail(f"{command}.1: the item of '{sub}' has {option}, which {command} {sub} --help does not list")
    # No option mentioned anywhere that the command lacks (mpirun's -np aside).
    text = plain(roff)
    for option in sorted(set(OPTION.findall(text)) - every_option - {"-np"}):
        if option.startswith("--") or option == "-h":
            fail(f"{command}.1: mentions {option}, which no --help of {command} lists")
    # Every game (by its name, without a member's keys) is named in the page.
    for game in sorted(game_names(bin_dir)):
        if not re.search(rf"\b{game}\b", text):
            fail(f"{command}.1: the game {game} (tbgen build --help) is not named")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    bin_dir, man_dir = Path(sys.argv[1]), Path(sys.argv[2])
    for command in ("tbgen", "tbprobe"):
        check(command, bin_dir, man_dir)
    for message in errors:
        print(message)
    if errors:
        print(f"{len(errors)} differences between the man pages and --help")
        sys.exit(1)
    print("man pages: every option and subcommand of --help, and no other")


if __name__ == "__main__":
    main()
