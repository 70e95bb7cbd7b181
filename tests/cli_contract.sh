#!/usr/bin/env bash
# The command-line contract of SPEC.md, checked from outside: exit codes, paths, messages.
# usage: cli_contract.sh BIN_DIR SOURCE_DIR
set -u
bin=$1 src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
check() {  # check NAME EXPECTED_STATUS COMMAND...
  local name=$1 want=$2; shift 2
  "$@" >"$work/out" 2>"$work/err"
  local got=$?
  if [ "$got" != "$want" ]; then
    echo "FAIL $name: exit $got, expected $want"; cat "$work/out" "$work/err"; failures=$((failures + 1))
  fi
}
expect_in() {  # expect_in NAME FILE TEXT
  if ! grep -qF -- "$3" "$2"; then echo "FAIL $1: '$3' not in:"; cat "$2"; failures=$((failures + 1)); fi
}
same_tables() {  # same_tables NAME DIR_A DIR_B: every table of A is in B byte for byte
  for f in "$2"/*.tb; do
    cmp -s "$f" "$3/$(basename "$f")" || { echo "FAIL $1: $f differs"; failures=$((failures + 1)); }
  done
}

check build 0 "$bin/tbgen" build score3 --tables "$work/t" --threads 2
expect_in build-log "$work/out" "score3-t00.tb: written"
check resume 0 "$bin/tbgen" --tables "$work/t" build score3
expect_in resume-log "$work/out" "score3-t00.tb: kept"
# A CHECKSUMS file beside the tables is checked for the tables present (--checksums FILE
# is strict instead: every listed table must be there; the tables_match_checksum_list test).
cp "$src/tables/CHECKSUMS" "$work/t/"
check checksum-list 0 "$bin/tbgen" verify "$work/t"
expect_in checksum-list "$work/out" "matches CHECKSUMS"
check checksum-strict 1 "$bin/tbgen" verify "$work/t" --checksums "$src/tables/CHECKSUMS"
expect_in checksum-strict "$work/err" "but missing"
check deep 0 "$bin/tbgen" verify --deep "$work/t"
expect_in deep "$work/out" "score3-t04.tb: checksums ok, matches CHECKSUMS, one-ply consistent (168 positions)"
check info 0 "$bin/tbgen" info "$work/t/score3-t04.tb"
for field in "game:           score3" "layer:          4" "entries:        168" "bits per entry" "checksum:"; do
  expect_in info "$work/out" "$field"
done

# Table directory: option before or after the subcommand, then $TBGEN_TABLES, then ./tables.
printf '1\n0 0 0\n0 0 0\n0 0 0\n' >"$work/empty.txt"
check tables-after 0 "$bin/tbprobe" solve score3 --tables "$work/t" <"$work/empty.txt"
expect_in tables-after "$work/out" "0"
check tables-env 0 env TBGEN_TABLES="$work/t" "$bin/tbprobe" score3 '.........'
expect_in tables-env "$work/out" "value: 0"
(cd "$work" && mkdir -p tables && cp t/score3-*.tb tables/ && "$bin/tbprobe" score3 '...../....' >/dev/null 2>&1)
[ $? = 1 ] || { echo "FAIL: a board of 8 cells was accepted"; failures=$((failures + 1)); }
check tables-default 0 bash -c "cd '$work' && '$bin/tbprobe' score3 'X.O/.X./...'"

printf '3\n1 2 1\n2 1 2\n0 0 0\n2 1 1\n0 2 1\n0 0 2\n0 0 0\n0 0 0\n0 0 0\n' >"$work/sample.txt"
check sample 0 "$bin/tbprobe" --tables "$work/t" solve score3 <"$work/sample.txt"
[ "$(cat "$work/out")" = "$(printf '3\n-4\n0')" ] || { echo "FAIL sample output"; failures=$((failures + 1)); }
check json 0 "$bin/tbprobe" --tables "$work/t" score3 'X.O/.X./...' --json
expect_in json "$work/out" '{"game": "score3", "board": "X.O/.X./...", "to_move": "O", "value": 0, "result": {"winner": null, "turns": 6}, "moves": [{"move": "c3", "value": 0, "result": {"winner": null, "turns": 5}}'

# Bad input: exit 1 and one line naming what and where; bad usage: exit 2.
check bad-board 1 "$bin/tbprobe" --tables "$work/t" score3 'X.Q/.X./...'
expect_in bad-board "$work/err" "column 3: unexpected character 'Q'"
[ "$(wc -l <"$work/err")" = 1 ] || { echo "FAIL: error is not one line"; failures=$((failures + 1)); }
check unreachable 1 "$bin/tbprobe" --tables "$work/t" score3 'XXX/XX./...'
check bad-case 1 "$bin/tbprobe" --tables "$work/t" solve score3 <<<"2 1 2 1 2 1 2 0 0 0 1 1"
expect_in bad-case "$work/err" "stdin:2:1: expected cell 3 of board 2"
check no-game 2 "$bin/tbprobe"
check unknown-game 2 "$bin/tbprobe" chess 'X'
check unknown-build 2 "$bin/tbgen" build chess --tables "$work/t"
expect_in unknown-build "$work/err" "tbgen: unknown game 'chess': the games are score3, weighted3, nim3, surreal3, double5, and members of the families mnk, lines, connect, hex, slide, domineering, cram, morris, quixo, dobutsu (NAME(key=value,...); see tbgen --help)"
[ "$(wc -l <"$work/err")" = 1 ] || { echo "FAIL unknown-build: not one line"; failures=$((failures + 1)); }
check bad-flag 2 "$bin/tbgen" verify --frobnicate
check help 0 "$bin/tbprobe" --help
check missing-tables 1 "$bin/tbprobe" --tables "$work/none" score3 '.........'
# A missing table names the exact command that builds it.
mkdir -p "$work/empty"
check missing-table 1 "$bin/tbprobe" --tables "$work/empty" double5 '...../...../...../...../.....'
expect_in missing-table "$work/err" "double5-r00.tb: table missing (run tbgen build double5)"
# A game without a board: how its boards are written, and a board to probe (bad usage).
no_board() {  # no_board NAME TABLES GAME [TEXT...]: says TEXT..., and the example it prints probes
  local name=$1 tables=$2 example text
  check "$name" 2 "$bin/tbprobe" --tables "$tables" "$3"
  shift 3
  for text in "  boards: " "$@"; do expect_in "$name" "$work/err" "$text"; done
  example=$(sed -n 's/^  example: //p' "$work/err")
  [ -n "$example" ] || { echo "FAIL $name: no example"; cat "$work/err"; failures=$((failures + 1)); return; }
  eval "set -- $example"  # tbprobe GAME BOARD, quotes removed
  check "$name-example" 0 "$bin/tbprobe" --tables "$tables" "$2" "$3"
}
no_board no-board-score3 "$work/t" score3 "example: tbprobe score3 'X.O/.X./...'"

# A damaged table is refused by verify and by tbprobe, with the file named (score3's layer 0:
# the empty board's).
mkdir -p "$work/bad" && cp "$work"/t/score3-*.tb "$work/bad/"
size=$(stat -c %s "$work/bad/score3-t00.tb")
printf '\xff' | dd of="$work/bad/score3-t00.tb" bs=1 seek=$((size / 2)) conv=notrunc status=none
check verify-damaged 1 "$bin/tbgen" verify "$work/bad"
expect_in verify-damaged "$work/err" "score3-t00.tb"
check probe-damaged 1 "$bin/tbprobe" --tables "$work/bad" score3 '.........'
expect_in probe-damaged "$work/err" "score3-t00.tb"
# ... and a half-written table is rebuilt, not kept.
head -c 100 "$work/t/score3-t00.tb" >"$work/bad/score3-t00.tb"
check rebuild 0 "$bin/tbgen" build score3 --tables "$work/bad"
expect_in rebuild "$work/out" "score3-t00.tb: written"
cmp -s "$work/bad/score3-t00.tb" "$work/t/score3-t00.tb" || { echo "FAIL: rebuilt table differs"; failures=$((failures + 1)); }

# Every game: malformed input gets exit 1 and exactly one line on stderr naming what and where.
"$bin/tbgen" build weighted3 --tables "$work/t" >/dev/null && "$bin/tbgen" build surreal3 --tables "$work/t" >/dev/null &&
  "$bin/tbgen" build 'nim3(max_pile=2)' --tables "$work/t" >/dev/null || { echo "FAIL: small builds"; failures=$((failures + 1)); }
bad() {  # bad NAME EXPECTED_TEXT COMMAND... (stdin from $input)
  local name=$1 text=$2; shift 2
  check "$name" 1 "$@"
  expect_in "$name" "$work/err" "$text"
  [ "$(wc -l <"$work/err")" = 1 ] || { echo "FAIL $name: error is not one line"; cat "$work/err"; failures=$((failures + 1)); }
  [ -s "$work/out" ] && { echo "FAIL $name: printed an answer"; failures=$((failures + 1)); }
}
p() { "$bin/tbprobe" --tables "$work/t" "$@"; }
bad d5-length "expected 25 cells, found 24" p double5 'OXX../XOOX./OXOOO/OXOOX/OXOX'
bad d5-alphabet "column 3: unexpected character 'Q'" p double5 'OXQ../XOOX./OXOOO/OXOOX/OXOXX'
bad d5-counts "3 O and 0 X marks cannot arise" p double5 'OOO../...../...../...../.....'
printf '2\nOXX..\nXOOX.\n' >"$work/in"; bad d5-truncated "stdin:4:1: expected cell 11 of board 1, found end of input" p solve double5 <"$work/in"
printf '1\nOOOOO\nOOOOO\nOOXXX\nXXXXX\nXXXX.\n' >"$work/in"
bad d5-contest-12-12 "stdin:2: board 1: 12 O and 12 X marks cannot arise" p solve double5 <"$work/in"
bad d5-probe-12-12 "12 O and 12 X marks cannot arise" p double5 'OOOOO/OOOOO/OOXXX/XXXXX/XXXX.'
printf 'two\n' >"$work/in"; bad d5-count "stdin:1:1: expected the number of boards T, found 'two'" p solve double5 <"$work/in"
bad w3-even "the nine weights sum to an even number" p weighted3 '.........' --weights '0 0 0 0 0 0 0 0 0'
bad w3-range "must be in [-1000000000, 1000000000]" p weighted3 '.........' --weights '1 0 0 0 0 0 0 0 2000000000'
bad w3-missing "needs --weights" p weighted3 '.........'
bad w3-unreachable "cannot arise in play" p weighted3 'OO./.../...' --weights '1 0 0 0 0 0 0 0 0'
printf '1 2 3\n4 5 6\n7 8 8\n' >"$work/in"
bad w3-contest-even "stdin:1: case 1: the weights sum to an even number" p solve weighted3 <"$work/in"
bad s3-alphabet "unexpected character 'Z'" p surreal3 'O.Z/.../...'
printf '1\n1\nO.X\n...\n' >"$work/in"; bad s3-truncated "found end of input" p solve surreal3 <"$work/in"
printf '1\n0\n' >"$work/in"; bad s3-zero-boards "must be in [1, 10000000]" p solve surreal3 <"$work/in"
bad n3-zero "a pile must be in [1, 1000000000], found 0" p nim3 '1 1 1/1 0 1/1 1 1'
bad n3-count "expected nine piles, found 8" p nim3 '1 1 1/1 1 1/1 1'
printf '1\n1 1 1\n1 0 1\n1 1 1\n' >"$work/in"; bad n3-contest-zero "stdin:3:3: pile 5 of case 1" p solve nim3 <"$work/in"
printf '1\n1 1 1\n1 -1 1\n1 1 1\n' >"$work/in"; bad n3-negative "found -1" p solve nim3 <"$work/in"
printf '1\n1 1 1\n1 1.0 1\n1 1 1\n' >"$work/in"; bad n3-non-number "found '1.0'" p solve nim3 <"$work/in"
bad s3-format "expected 9 cells" p score3 'X.O/.X./..'

# Batch: one board per line (blank lines and '#' lines skipped), one value per line, exactly
# as the value: line of a single probe; --json gives the single probe's object per line.
printf '# comment\nX.O/.X./...\n\n.........\nXX./OO./...\n' >"$work/in"
check batch 0 p batch score3 <"$work/in"
[ "$(cat "$work/out")" = "$(printf '0\n0\n+5')" ] || { echo "FAIL batch output"; cat "$work/out"; failures=$((failures + 1)); }
check batch-json 0 p batch score3 --json <"$work/in"
p score3 'X.O/.X./...' --json >"$work/single"
[ "$(head -1 "$work/out")" = "$(cat "$work/single")" ] || { echo "FAIL batch --json differs from a probe"; failures=$((failures + 1)); }
[ "$(wc -l <"$work/out")" = 3 ] || { echo "FAIL batch --json line count"; failures=$((failures + 1)); }
printf '.........\nX.O/.X./...\nX.Q/.X./...\n' >"$work/in"
bad batch-bad "stdin:3: board 'X.Q/.X./...', column 3: unexpected character 'Q'" p batch score3 <"$work/in"
printf 'O.X/.O./X.O XX./.../...\n' >"$work/in"
check batch-sum 0 p batch surreal3 <"$work/in"
expect_in batch-sum "$work/out" "$(p surreal3 'O.X/.O./X.O' 'XX./.../...' | sed -n 's/^value: //p')"
printf '...\n' >"$work/in"
bad batch-weights "needs --weights" p batch weighted3 <"$work/in"
printf '.........\n' >"$work/in"
check batch-w3 0 p batch weighted3 --weights '-1 1 0 -4 -2 -5 -4 -1 -5' <"$work/in"
[ "$(cat "$work/out")" = Aoki ] || { echo "FAIL batch weighted3"; cat "$work/out"; failures=$((failures + 1)); }
printf '1 2 3/4 5 6/7 8 9\n' >"$work/in"
check batch-nim3 0 p batch nim3 <"$work/in"
[ "$(cat "$work/out")" = "first player wins" ] || { echo "FAIL batch nim3"; failures=$((failures + 1)); }

# Game strings: a bad one is bad usage (exit 2), one line naming the key and what is allowed.
check gs-range 2 p 'nim3(max_pile=9)' '1 1 1/1 1 1/1 1 1'
expect_in gs-range "$work/err" "max_pile must be an integer in [1, 7], found '9'"
check gs-key 2 p 'score3(k=3)' '.........'
expect_in gs-key "$work/err" "unknown key 'k' (score3 takes no keys)"
check gs-syntax 2 "$bin/tbgen" build 'nim3(max_pile=2' --tables "$work/t"
expect_in gs-syntax "$work/err" "column 16: expected ',' or ')'"
check gs-nim3 0 p 'nim3(max_pile=2)' '1 2 1/2 1 2/1 1 1' --json
expect_in gs-nim3 "$work/out" '{"game": "nim3(max_pile=2)"'
check gs-build 0 "$bin/tbgen" build 'nim3(max_pile=2)' --tables "$work/t"
expect_in gs-build "$work/out" "nim3-k2.tb: kept"
check help-games 0 "$bin/tbprobe" --help
for g in score3 weighted3 nim3 surreal3 double5; do expect_in help-games "$work/out" "  $g"; done
# The README's table of games lists the games of games/games.def, in its order.
listed=$(sed -n 's/^TBGEN_GAME(\([a-z0-9_]*\),.*/\1/p' "$src/games/games.def" | tr '\n' ' ')
in_readme=$(sed -n '/^## Games/,/^$/p;/^| game |/,/^$/p' "$src/README.md" | sed -n 's/^| \([a-z0-9_]*\) |.*/\1/p' | grep -v '^game$' | uniq | tr '\n' ' ')
[ "$listed" = "$in_readme" ] || { echo "FAIL: README games '$in_readme' differ from games.def '$listed'"; failures=$((failures + 1)); }

# Family members (SPEC 6): any game string, one generator; files named by every key's value.
m='mnk(cols=4,rows=3,k=3,p=2,q=1)'
mc='mnk(cols=4,rows=3,k=3,p=2,q=1,value=outcome,first=X)'
check fam-build 0 "$bin/tbgen" build "$m" --tables "$work/f1" --threads 1
expect_in fam-build "$work/out" "mnk-4x3-k3-p2q1-outcome-X-t00.tb: written"
check fam-build2 0 "$bin/tbgen" build "$m" --tables "$work/f2" --threads 2
same_tables fam-threads "$work/f1" "$work/f2"
check fam-resume 0 "$bin/tbgen" build "$m" --tables "$work/f1"
expect_in fam-resume "$work/out" "mnk-4x3-k3-p2q1-outcome-X-t00.tb: kept"
check fam-deep 0 "$bin/tbgen" verify --deep "$work/f1"
expect_in fam-deep "$work/out" "one-ply consistent"
check fam-info 0 "$bin/tbgen" info "$work/f1/mnk-4x3-k3-p2q1-outcome-X-t01.tb"
expect_in fam-info "$work/out" "game:           $mc"
check fam-probe 0 "$bin/tbprobe" --tables "$work/f1" "$m" '..../.X../....'
expect_in fam-probe "$work/out" "to move: O"
expect_in fam-probe "$work/out" "a1+b1"
check fam-json 0 "$bin/tbprobe" --tables "$work/f1" "$m" '..../.X../....' --json
expect_in fam-json "$work/out" "{\"game\": \"$mc\", \"board\": \"..../.X../....\", \"to_move\": \"O\""
printf '....\n# a comment\n.X......O.O.\n' | sed 's/^\.\.\.\.$/............/' >"$work/fam-batch"
check fam-batch 0 sh -c "\"$bin/tbprobe\" --tables \"$work/f1\" batch '$m' < \"$work/fam-batch\""
[ "$(wc -l <"$work/out")" = 2 ] || { echo "FAIL fam-batch: expected 2 answers"; cat "$work/out"; failures=$((failures + 1)); }
check fam-counts 1 "$bin/tbprobe" --tables "$work/f1" "$m" 'XX../..../....'
expect_in fam-counts "$work/err" "cannot arise between whole turns"
check fam-mover-line 1 "$bin/tbprobe" --tables "$work/f1" "$m" 'XXX./OO../OO..'
expect_in fam-mover-line "$work/err" "X has a line but is to move"
check fam-key 2 "$bin/tbprobe" --tables "$work/f1" 'mnk(cols=4,rows=3,k=3,len=3)' '............'
expect_in fam-key "$work/err" "unknown key 'len'"
check fam-range 2 "$bin/tbgen" build 'mnk(cols=4,rows=3,k=5)'
expect_in fam-range "$work/err" "k must be an integer in [2, 4], found '5'"
# Past what this machine holds (members up to 32 cells are built where memory allows): refused
# before anything is written, with the way to build it.
check fam-too-big 1 "$bin/tbgen" build 'mnk(cols=6,rows=5,k=4)' --tables "$work/f3"
expect_in fam-too-big "$work/err" "need about 1.0 TB of memory; this machine has"
expect_in fam-too-big "$work/err" "mpirun -np N tbgen build GAME --mpi"
check fam-missing 1 "$bin/tbprobe" --tables "$work/f1" 'mnk(cols=4,rows=3,k=3)' '............'
expect_in fam-missing "$work/err" "mnk-4x3-k3-p1q1-outcome-X-t00.tb: table missing (run tbgen build 'mnk(cols=4,rows=3,k=3,p=1,q=1,value=outcome,first=X)')"
# A member other than the one --help shows: its empty board is the example.
no_board fam-no-board "$work/f1" "$m" "example: tbprobe '$mc' '..../..../....'"
"$bin/tbgen" build 'mnk(cols=4,rows=3,k=3)' --tables "$work/f4" >/dev/null
# A resumed build keeps only tables of its own game, laid out as it writes them. A wrong file
# under layer 1's name (NAME SOURCE): the probe refuses it (ERROR), the build writes it again and
# keeps layer KEPT, and the probe answers.
replaced_t01() {
  local t01="$work/f4/mnk-4x3-k3-p1q1-outcome-X-t01.tb"
  cp "$2" "$t01"
  check "$1" 1 "$bin/tbprobe" --tables "$work/f4" 'mnk(cols=4,rows=3,k=3)' 'X...........'
  expect_in "$1" "$work/err" "$3"
  check "$1-rebuilt" 0 "$bin/tbgen" build 'mnk(cols=4,rows=3,k=3)' --tables "$work/f4"
  expect_in "$1-rebuilt" "$work/out" "mnk-4x3-k3-p1q1-outcome-X-t01.tb: written"
  expect_in "$1-rebuilt" "$work/out" "mnk-4x3-k3-p1q1-outcome-X-$4.tb: kept"
  check "$1-fixed" 0 "$bin/tbprobe" --tables "$work/f4" 'mnk(cols=4,rows=3,k=3)' 'X...........'
}
# Another member's table under the name.
replaced_t01 fam-foreign "$work/f1/mnk-4x3-k3-p2q1-outcome-X-t01.tb" "holds a table of" t00
# Another layer's table under the name, as double5's files of its retired solver under theirs.
replaced_t01 fam-layout "$work/f4/mnk-4x3-k3-p1q1-outcome-X-t02.tb" "unexpected table layout" t02
# connect (SPEC 6): boards and the columns played, moves by column, byte-identical files for any
# thread count, and bad input with one line naming what and where.
c='connect(cols=5,rows=4)'
cc='connect(cols=5,rows=4,k=4,value=outcome,first=X,misere=0)'
check con-build 0 "$bin/tbgen" build "$c" --tables "$work/c1" --threads 1
expect_in con-build "$work/out" "$cc: "
expect_in con-build "$work/out" "stored after symmetry), about"
expect_in con-build "$work/out" "connect-5x4-k4-outcome-X-t00.tb: written"
check con-build2 0 "$bin/tbgen" build "$c" --tables "$work/c2" --threads 2
same_tables con-threads "$work/c1" "$work/c2"
check con-deep 0 "$bin/tbgen" verify --deep "$work/c1"
expect_in con-deep "$work/out" "one-ply consistent"
check con-info 0 "$bin/tbgen" info "$work/c1/connect-5x4-k4-outcome-X-t03.tb"
expect_in con-info "$work/out" "game:           $cc"
check con-moves 0 "$bin/tbprobe" --tables "$work/c1" "$c" '33'
no_board con-no-board "$work/c1" "$c" "missing BOARD for $cc" "example: tbprobe '$cc' '3342'"
expect_in con-moves "$work/out" "to move: X"
check con-board 0 "$bin/tbprobe" --tables "$work/c1" "$c" '...../...../..O../..X..' --json
expect_in con-board "$work/out" "{\"game\": \"$cc\", \"board\": \"...../...../..O../..X..\", \"to_move\": \"X\""
expect_in con-board "$work/out" '{"move": "3", "value": "Draw"}'
con_refused() {  # con_refused NAME BOARD MESSAGE
  check "con-$1" 1 "$bin/tbprobe" --tables "$work/c1" "$c" "$2"
  expect_in "con-$1" "$work/err" "$3"
  [ "$(wc -l <"$work/err")" = 1 ] || { echo "FAIL con-$1: error is not one line"; failures=$((failures + 1)); }
}
con_refused floating '...../..X../...../..O..' "the mark at c2 is above an empty cell"
con_refused counts '...../...../...../XX...' "2 X and 0 O marks cannot arise"
con_refused both-lines '....O/....O/....O/XXXXO' "both X and O have a line"
con_refused mover-line '...../OO.../OO.../XXXX.' "X has a line but is to move"
con_refused no-last-move 'O..../OOO.O/XXXXO/XXXXO' "no single last move of X made its lines"
con_refused drop-order '...../O..../X..../X....' "cannot arise in play (no order of alternate drops builds these columns"
con_refused digit '336' "moves '336', move 3: column 6 is not on the board (columns 1 to 5)"
con_refused digit0 '30' "move 2: column 0 is not on the board"
con_refused full '33333' "moves '33333', move 5: column 3 is full"
con_refused over '12121212' "moves '12121212', move 8: the game is already over"
con_refused row-length '..../..../..../....' "column 5: '/' must end a row of 5 cells"
con_refused cells '....................X' "expected 20 cells, found 21"
# 7x6 solves in parts, but one process would still hold a layer's compressed blocks (about
# 315 GB): refused, with the way to spread it over machines.
check con-too-big 1 "$bin/tbgen" build 'connect()' --tables "$work/c3"
expect_in con-too-big "$work/err" "stored after symmetry) need about"
expect_in con-too-big "$work/err" "mpirun -np N tbgen build GAME --mpi (docs/distributed.md"
[ -z "$(ls "$work/c3" 2>/dev/null)" ] || { echo "FAIL con-too-big: files written"; failures=$((failures + 1)); }

# hex (SPEC 6): a chain for the side to move, counts that do not fit, an unknown key; one line
# each. (Both players with a chain cannot be drawn on a Hex board.)
check hex-build 0 "$bin/tbgen" build 'hex(cols=3)' --tables "$work/h1"
hx() { "$bin/tbprobe" --tables "$work/h1" "$@"; }
bad hex-mover-chain "board 'XO./XO./X.O': X has a chain but is to move" hx 'hex(cols=3)' 'XO./XO./X.O'
bad hex-counts "2 X and 0 O marks cannot arise" hx 'hex(cols=3)' 'XX./.../...'
check hex-key 2 hx 'hex(cols=3,k=3)' '.........'
expect_in hex-key "$work/err" "unknown key 'k' (hex takes cols, rows, value, first)"

# slide (SPEC 6): place, then move; byte-identical files for any thread count, a rerun that
# keeps what is complete, the side to move after a colon, the result line, bad input.
s='slide(cols=4,rows=4,k=3,pieces=3,step=king)'
sc='slide(cols=4,rows=4,k=3,pieces=3,step=king,square=0,first=X)'
stem=slide-4x4-k3-n3-king-X
check sl-build 0 "$bin/tbgen" build "$s" --tables "$work/s1" --threads 1
expect_in sl-build "$work/out" "$stem-moveX: 22022 positions, 14487 won, 1221 drawn, 6314 lost"
expect_in sl-build "$work/out" "$stem-moveO.tb: written"
check sl-build2 0 "$bin/tbgen" build "$s" --tables "$work/s2" --threads 2
same_tables sl-threads "$work/s1" "$work/s2"
rm "$work/s2/$stem-t02.tb" "$work/s2/$stem-moveX.tb"
check sl-resume 0 "$bin/tbgen" build "$s" --tables "$work/s2"
# The movement phase's two tables are one group of the cyclic engine: solved again together.
expect_in sl-resume "$work/out" "$stem-moveO.tb: written"
expect_in sl-resume "$work/out" "$stem-t03.tb: kept"
expect_in sl-resume "$work/out" "$stem-moveX.tb: written"
expect_in sl-resume "$work/out" "$stem-t02.tb: written"
same_tables sl-resume "$work/s1" "$work/s2"
check sl-deep 0 "$bin/tbgen" verify --deep "$work/s1"
expect_in sl-deep "$work/out" "$stem-moveX.tb: checksums ok, one-ply consistent"
check sl-info 0 "$bin/tbgen" info "$work/s1/$stem-moveX.tb"
expect_in sl-info "$work/out" "game:           $sc"
sl() { "$bin/tbprobe" --tables "$work/s1" "$@"; }
check sl-empty 0 sl "$s" '................'
expect_in sl-empty "$work/out" "result: X wins in 5"
check sl-move 0 sl "$s" 'X.X./O..O/X.../.O..:O' --json
expect_in sl-move "$work/out" '"to_move": "O", "value": "O win", "result": {"winner": "O", "turns": 3}, "moves": [{"move": "a2-b2", "value": "O win", "result": {"winner": "O", "turns": 2}}'
bad sl-no-side "every mark is placed, so the board does not tell who moves: add :X or :O" sl "$s" 'X.X./O..O/X.../.O..'
bad sl-side "board 'XX../OO../..../....:O': X is to move by the counts of marks, not O" sl "$s" 'XX../OO../..../....:O'
bad sl-letter "column 21: after ':' the side to move, X or O, not 'Z'" sl "$s" 'X.X./O..O/X.../.O..:Z'
bad sl-marks "4 X marks; each player places 3" sl "$s" 'XXXX/O.O./.O../....'
bad sl-both "both X and O have a line" sl "$s" 'XXX./OOO./..../....:X'
bad sl-mover-line "X has a line but is to move" sl "$s" 'XXX./O.O./..O./....:X'
check sl-key 2 sl 'slide(cols=4,rows=4,k=3,value=speed)' '................'
expect_in sl-key "$work/err" "unknown key 'value' (slide takes cols, rows, k, pieces, step, square, first)"

# domineering and cram (SPEC 6): canonical forms in CGSuite's notation and the plain grammar,
# the outcome class, every Left and Right move, sums, a rerun that keeps both tables, bad input.
d='domineering(cols=3,rows=3)'
check dom-build 0 "$bin/tbgen" build "$d" --tables "$work/d1"
expect_in dom-build "$work/out" "domineering-3x3 boards: valued in"
expect_in dom-build "$work/out" "25 distinct values"
check dom-rerun 0 "$bin/tbgen" build "$d" --tables "$work/d1"
expect_in dom-rerun "$work/out" "domineering-3x3-forms.tb: kept"
check dom-deep 0 "$bin/tbgen" verify --deep "$work/d1"
expect_in dom-deep "$work/out" "domineering-3x3.tb: checksums ok, one-ply consistent (512 positions)"
dm() { "$bin/tbprobe" --tables "$work/d1" "$@"; }
check dom-empty 0 dm "$d" '.../.../...'
expect_in dom-empty "$work/out" "value: +-1"
expect_in dom-empty "$work/out" "outcome: N"
expect_in dom-empty "$work/out" "  b1-b2  1"
expect_in dom-empty "$work/out" "  a2-b2  -1"
check dom-sum 0 dm "$d" '.../.../...' '.../.../..#' --json
expect_in dom-sum "$work/out" '"value": "+-{5/2|1/2}", "outcome": "N", "form": "{{5/2|1/2}|{-1/2|-5/2}}"'
# The JSON carries the outcome class as the text prints it, and each move's.
check dom-json 0 dm "$d" '.../.../...' --json
expect_in dom-json "$work/out" '"value": "+-1", "outcome": "N", "form": "{1|-1}", "moves": [{"move": "b1-b2", "value": "1", "outcome": "L"}'
expect_in dom-json "$work/out" '{"move": "a1-a2", "value": "{1/2|-2}", "outcome": "N"}'
expect_in dom-json "$work/out" '{"move": "a2-b2", "value": "-1", "outcome": "R"}'
check dom-batch 0 dm batch "$d" <<<'.../.../... .../.../..#'
expect_in dom-batch "$work/out" "+-{5/2|1/2}"
# A domineering batch line starting with '#' is a board (a covered cell), not a comment.
printf '#../.../...\n\n  #.#/.../...\n.../.../...\n' >"$work/in"
check dom-batch-hash 0 dm batch "$d" <"$work/in"
want=$(for b in '#../.../...' '#.#/.../...' '.../.../...'; do dm "$d" "$b" | sed -n 's/^value: //p'; done)
[ "$(cat "$work/out")" = "$want" ] || { echo "FAIL dom-batch-hash: got '$(cat "$work/out")', want '$want'"; failures=$((failures + 1)); }
check dom-batch-hash-json 0 dm batch "$d" --json <"$work/in"
[ "$(head -1 "$work/out")" = "$(dm "$d" '#../.../...' --json)" ] || { echo "FAIL dom-batch-hash-json"; failures=$((failures + 1)); }
bad dom-batch-hash-bad "stdin:2: board '#X./.../...'" dm batch "$d" <<<$'.../.../...\n#X./.../...'
no_board dom-no-board "$work/d1" "$d"
bad dom-size "board '.../...': expected 9 cells, found 6" dm "$d" '.../...'
bad dom-char "board '.X./.../...', column 2: unexpected character 'X'" dm "$d" '.X./.../...'
bad dom-sum-bad "expected 9 cells" dm "$d" '.../.../...' '..'
check dom-key 2 dm 'domineering(cols=3,rows=3,k=2)' '.........'
expect_in dom-key "$work/err" "unknown key 'k' (domineering takes cols, rows)"
check cram-build 0 "$bin/tbgen" build 'cram(cols=4,rows=3)' --tables "$work/d1"
check cram-empty 0 dm 'cram(cols=4,rows=3)' '..../..../....' --json
expect_in cram-empty "$work/out" '"value": "*", "outcome": "N", "form": "*"'
printf '#.../..../....\n' >"$work/in"
check cram-batch-hash 0 dm batch 'cram(cols=4,rows=3)' <"$work/in"
[ "$(cat "$work/out")" = "$(dm 'cram(cols=4,rows=3)' '#.../..../....' | sed -n 's/^value: //p')" ] || { echo "FAIL cram-batch-hash"; failures=$((failures + 1)); }

# morris (SPEC 6): a board with the side to move and the marks in hand, the result line,
# moves that remove a mark (`e1xc2`), JSON, batch with its comments, a decided position, and
# bad positions refused in one line (morris(board=six,pieces=4) builds in under a second).
m='morris(board=six,pieces=4)'
mc='morris(board=six,pieces=4,fly=1,lasker=0,first=X)'
check mo-build 0 "$bin/tbgen" build "$m" --tables "$work/m1"
mo() { "$bin/tbprobe" --tables "$work/m1" "$@"; }
check mo-probe 0 mo "$m" '.../.../..../.O./XX.:X:2:2'
[ "$(head -5 "$work/out")" = "$(printf '%s\n' "$mc .../.../..../.O./XX.:X:2:2" 'to move: X' 'value: X win' 'result: X wins in 1' 'moves (best first):')" ] ||
  { echo "FAIL mo-probe:"; cat "$work/out"; failures=$((failures + 1)); }
expect_in mo-probe "$work/out" "  e1xc2  X win  X wins in 0"
expect_in mo-probe "$work/out" "  b2  Draw  draw"
check mo-json 0 mo "$m" '.../.../..../.O./XX.:X:2:2' --json
expect_in mo-json "$work/out" "{\"game\": \"$mc\", \"board\": \".../.../..../.O./XX.:X:2:2\", \"to_move\": \"X\", \"value\": \"X win\", \"result\": {\"winner\": \"X\", \"turns\": 1}, \"moves\": [{\"move\": \"e1xc2\", \"value\": \"X win\", \"result\": {\"winner\": \"X\", \"turns\": 0}}"
check mo-start 0 mo "$m" '.../.../..../.../...:X:4:4'
expect_in mo-start "$work/out" "value: Draw"
expect_in mo-start "$work/out" "result: draw"
# The side below three marks has lost, in 0 turns, and has no move.
check mo-over 0 mo "$m" 'OO./.../..../.../XXX:O' --json
expect_in mo-over "$work/out" '"to_move": "O", "value": "X win", "result": {"winner": "X", "turns": 0}, "moves": []}'
printf '# hands and no hands\n.../.../..../.O./XX.:X:2:2\n\n.../.../..../.O./X..:X:3:3\nOO./.../..../.../XXX:O:0:0\n' >"$work/in"
check mo-batch 0 mo batch "$m" <"$work/in"
[ "$(cat "$work/out")" = "$(printf 'X win\nDraw\nX win')" ] || { echo "FAIL mo-batch:"; cat "$work/out"; failures=$((failures + 1)); }
check mo-batch-json 0 mo batch "$m" --json <"$work/in"
[ "$(sed -n 2p "$work/out")" = "$(mo "$m" '.../.../..../.O./X..:X:3:3' --json)" ] || { echo "FAIL mo-batch-json"; failures=$((failures + 1)); }
bad mo-alternate "X holds 2 marks in hand and O 1: alternate placing gives X as many when it is to move" mo "$m" '.../.../..../.O./XX.:X:2:1'
bad mo-pieces "X has 6 marks on the board and in hand, more than 4" mo "$m" '.../.../..../.O./XX.:X:4:4'
bad mo-hands "after the side to move come both hand counts (:H1:H2) or none" mo "$m" '.../.../..../.O./XX.:X:2'
bad mo-side "the side to move (:X or :O) must follow the board" mo "$m" '.../.../..../.O./XX.'
bad mo-rank "rank 3 has 3 points, not 4 (the six board)" mo "$m" '.../.../.../.O./XX.:X:2:2'
bad mo-both "both sides have fewer than three marks" mo "$m" 'OO./.../..../.../XX.:X'
bad mo-batch-bad "stdin:2: morris position '.../.../..../.O./XX.:X:2:1'" mo batch "$m" <<<$'.../.../..../.O./XX.:X:2:2\n.../.../..../.O./XX.:X:2:1'

# Each family's help example is a member and a board it answers; but dobutsu's, whose one
# member builds in minutes (hours under the sanitizers): its start is probed in
# dobutsu_tables_test against the suite's tables.
"$bin/tbprobe" --help >"$work/help" 2>&1
while read -r line; do
  eval "set -- $line"  # tbprobe GAME BOARD, quotes removed
  [ "$2" = 'dobutsu()' ] && continue
  "$bin/tbgen" build "$2" --tables "$work/f5" >/dev/null 2>&1
  check "help-example $2" 0 "$bin/tbprobe" --tables "$work/f5" "$2" "$3"
done < <(grep "^  tbprobe '" "$work/help")
[ -n "$(ls "$work/f5" 2>/dev/null)" ] || { echo "FAIL: no family example in --help"; failures=$((failures + 1)); }

echo "$((failures == 0 ? 1 : 0)) passed, $failures failed"
[ "$failures" = 0 ]
