"""The Python module against tbprobe, the command-line shell over the same library: every game,
errors, threads. Needs the full tables (TBGEN_TEST_TABLES) and tbprobe (TBGEN_BIN)."""
import json
import os
import random
import subprocess
import threading

import pytest

import tbreader

TABLES = os.environ.get("TBGEN_TEST_TABLES", "tables")
TBPROBE = os.path.join(os.environ.get("TBGEN_BIN", "build/bin"), "tbprobe")
WEIGHTS = "-1 1 0 -4 -2 -5 -4 -1 -5"


def tbprobe(*args, stdin=None):
    return subprocess.run([TBPROBE, "--tables", TABLES, *args], input=stdin, capture_output=True,
                          text=True, check=True).stdout


def random_boards(game, n, seed=5):
    """Random positions of play: marks placed alternately on random cells."""
    rng = random.Random(seed)
    boards = []
    for _ in range(n):
        if game == "double5":
            rounds = rng.randint(0, 11)
            no, nx = 2 * ((rounds + 1) // 2), 2 * (rounds // 2)
            cells = rng.sample(range(25), no + nx)
            board = ["."] * 25
            for i, c in enumerate(cells):
                board[c] = "O" if i < no else "X"
            boards.append("".join(board))
        elif game == "nim3":
            boards.append("/".join(" ".join(str(rng.randint(1, 6)) for _ in range(3))
                                   for _ in range(3)))
        elif game == "surreal3":
            # Not starting with '#': a batch line that does is a comment ('.' is as inert).
            boards.append(rng.choice(".OX") + "".join(rng.choice(".OX#") for _ in range(8)))
        else:  # score3, weighted3: a game prefix that has not run past a line
            board = ["."] * 9
            for i, c in enumerate(rng.sample(range(9), rng.randint(0, 4))):
                board[c] = "XO"[i % 2]
            boards.append("".join(board))
    return boards


@pytest.fixture(scope="module")
def tb():
    return tbreader.Tablebase(TABLES)


GAMES = ["score3", "weighted3", "nim3", "surreal3", "double5"]


def options(game):
    return {"weights": WEIGHTS} if game == "weighted3" else {}


def cli_options(game):
    return ["--weights", WEIGHTS] if game == "weighted3" else []


@pytest.mark.parametrize("game", GAMES)
def test_probe_is_the_json_of_tbprobe(tb, game):
    for board in random_boards(game, 20):
        expected = json.loads(tbprobe(game, board, "--json", *cli_options(game)))
        got = tb.probe(game, board, **options(game))
        assert got == expected
        assert list(got) == list(expected)  # the keys in the same order
        speed = game == "score3"  # a speed member: who wins and how soon
        assert list(got) == ["game", "board", "to_move", "value"] + ["result"] * speed + ["moves"]
        assert tb.value(game, board, **options(game)) == tbprobe(
            game, board, *cli_options(game)).split("value: ")[1].split("\n")[0]


@pytest.mark.parametrize("game", GAMES)
def test_batch_agrees_with_tbprobe_batch(tb, game):
    boards = random_boards(game, 2000, seed=6)
    expected = tbprobe("batch", game, *cli_options(game), stdin="\n".join(boards) + "\n")
    assert tb.batch(game, boards, **options(game)) == expected.splitlines()


def test_values_of_known_positions(tb):
    assert tb.value("double5", "...../...../...../...../.....") == "Draw"
    assert tb.value("score3", ".........") == "0"
    assert tb.probe("score3", "X.O/.X./...")["moves"][0] == {
        "move": "c3", "value": 0, "result": {"winner": None, "turns": 5}}
    assert tb.probe("score3", "X.O/.X./...")["result"] == {"winner": None, "turns": 6}
    assert tb.value("weighted3", ".........", weights="0 0 0 0 1 0 0 0 0") == "Takahashi"
    assert tb.value("nim3", "1 2 3/4 5 6/7 8 9") == "first player wins"
    # A surreal3 sum: a list of boards, or one line with the boards separated by spaces.
    assert tb.probe("surreal3", ["O.X/.O./X.O", "XX./.../..."]) == tb.probe(
        "surreal3", "O.X/.O./X.O XX./.../...")


def test_games_lists_the_tables_present(tb):
    # As the tables record them: canonical game strings (nim3's names its largest pile).
    present = ["nim3(max_pile=6)" if g == "nim3" else g for g in GAMES]
    # and the cyclic engine's members the suite's tables hold beside them (tests/build_tables.sh)
    present += ["quixo(size=3,first=X)", "quixo(size=4,first=X)", "dobutsu()"]
    assert sorted(tb.games()) == sorted(present)


def test_errors(tb, tmp_path):
    with pytest.raises(ValueError, match="column 3: unexpected character 'Q'"):
        tb.probe("score3", "X.Q/.X./...")
    with pytest.raises(ValueError, match="cannot arise in play"):
        tb.value("score3", "XXX/XX./...")
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        tb.value("chess", ".")
    with pytest.raises(ValueError, match="max_pile must be an integer in"):
        tb.value("nim3(max_pile=9)", "1 1 1/1 1 1/1 1 1")
    with pytest.raises(ValueError, match="needs --weights"):
        tb.value("weighted3", ".........")
    with pytest.raises(ValueError, match=r"board 2 of the list: board 'XQ\.\.\.\.\.\.\.'"):
        tb.batch("score3", [".........", "X........", "XQ......."])
    with pytest.raises(OSError, match="table directory does not exist"):
        tbreader.Tablebase(str(tmp_path / "none"))
    # A missing table names the exact command that builds it.
    with pytest.raises(OSError, match=r"score3-t00\.tb: table missing \(run tbgen build score3\)$"):
        tbreader.Tablebase(str(tmp_path)).value("score3", ".........")
    with pytest.raises(OSError, match=r"table missing \(run tbgen build "
                       r"'hex\(cols=3,rows=3,value=outcome,first=X\)'\)$"):
        tbreader.Tablebase(str(tmp_path)).probe("hex(cols=3)", ".........")
    damaged = tmp_path / "damaged"
    damaged.mkdir()
    data = bytearray(open(os.path.join(TABLES, "score3-t00.tb"), "rb").read())
    data[len(data) // 2] ^= 0xFF
    (damaged / "score3-t00.tb").write_bytes(bytes(data))
    with pytest.raises(OSError, match="score3-t00.tb"):
        tbreader.Tablebase(str(damaged)).value("score3", ".........")


def test_threads_probe_concurrently(tb):
    boards = random_boards("double5", 400, seed=8)
    expected = tb.batch("double5", boards)
    results = [None] * 8
    errors = []

    def work(t):
        try:
            results[t] = [tb.value("double5", b) for b in boards] + [
                tb.probe("score3", b)["value"] for b in random_boards("score3", 50, seed=t)]
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for t in range(8):
        assert results[t][:400] == expected
        assert results[t][400:] == [tb.probe("score3", b)["value"]
                                    for b in random_boards("score3", 50, seed=t)]


def test_help_shows_the_calls():
    text = tbreader.Tablebase.probe.__doc__ + tbreader.__doc__
    assert "probe(game, board, weights=None)" in text and "ValueError" in text


def masks(board, first):
    """A board's two masks (SPEC 10): bit i where the first player's (the other's) mark stands."""
    f = sum(1 << i for i, c in enumerate(board) if c == first)
    s = sum(1 << i for i, c in enumerate(board) if c not in (first, "."))
    return f, s


def test_values_over_numpy_arrays(tb):
    np = pytest.importorskip("numpy")
    boards = random_boards("double5", 3000, seed=9)
    first, second = zip(*(masks(b, "O") for b in boards))
    got = tb.game("double5").values(np.array(first, dtype=np.uint64),
                                    np.array(second, dtype=np.uint64))
    assert got.dtype == np.int32 and got.shape == (3000,)
    number = {"O win": 1, "Draw": 0, "X win": -1}  # O moves first in double5
    assert list(got) == [number[v] for v in tb.batch("double5", boards)]
    # score3 is a speed member: the signed score.
    boards = random_boards("score3", 500, seed=3)
    first, second = zip(*(masks(b, "X") for b in boards))
    got = tb.game("score3").values(np.array(first, dtype=np.uint64), np.array(second, dtype=np.uint64))
    assert list(got) == [int(v) for v in tb.batch("score3", boards)]


def test_values_errors(tb):
    np = pytest.importorskip("numpy")
    first = np.array([0, 1, 0], dtype=np.uint64)  # one O mark and no X: not between turns
    second = np.zeros(3, dtype=np.uint64)
    with pytest.raises(ValueError, match="position 1 of the arrays"):
        tb.game("double5").values(first, second)
    # Many chunks, taken by every core in turn: the first refused in index order is named.
    first = np.zeros(100_000, dtype=np.uint64)
    first[[99_999, 70_000, 40_000]] = 1
    with pytest.raises(ValueError, match="position 40000 of the arrays"):
        tb.game("double5").values(first, np.zeros(100_000, dtype=np.uint64))
    with pytest.raises(ValueError, match="bits beyond the board"):
        tb.game("double5").values(np.array([1 << 30], dtype=np.uint64), np.zeros(1, dtype=np.uint64))
    with pytest.raises(ValueError, match="same length"):
        tb.game("double5").values(np.zeros(2, dtype=np.uint64), np.zeros(3, dtype=np.uint64))
    with pytest.raises(ValueError, match="has no numbers"):
        tb.game("nim3")


def test_values_table_errors_are_os_errors(tmp_path):
    # A table missing under values() (read on worker threads) is an OSError, as in probe().
    np = pytest.importorskip("numpy")
    game = tbreader.Tablebase(str(tmp_path)).game("double5")
    with pytest.raises(OSError, match=r"double5-r00\.tb: table missing"):
        game.values(np.zeros(1, dtype=np.uint64), np.zeros(1, dtype=np.uint64))


def test_slide_values_with_the_side_to_move(tmp_path):
    """slide: the side to move is a third array once every mark is placed; 0 a draw, d + 1 a
    first-player win with d turns left, -(d + 1) a second-player win."""
    np = pytest.importorskip("numpy")
    game = "slide(cols=3,rows=3,k=3,pieces=3,step=rook)"
    subprocess.run([os.path.join(os.path.dirname(TBPROBE), "tbgen"), "build", game, "--tables",
                    str(tmp_path)], check=True, capture_output=True)
    t = tbreader.Tablebase(str(tmp_path))
    rng = random.Random(7)
    boards, sides, expected = [], [], []
    while len(boards) < 300:
        cells = rng.sample(range(9), 6)
        board = "".join("X" if c in cells[:3] else "O" if c in cells[3:] else "." for c in range(9))
        side = rng.choice("XO")
        try:
            result = t.probe(game, board + ":" + side)["result"]
        except ValueError:
            continue
        boards.append(board)
        sides.append(side == "X")
        turns = result["turns"]
        expected.append(0 if result["winner"] is None else
                        (turns + 1) * (1 if result["winner"] == "X" else -1))
    first, second = zip(*(masks(b, "X") for b in boards))
    got = t.game(game).values(np.array(first, dtype=np.uint64), np.array(second, dtype=np.uint64),
                              np.array(sides))
    assert list(got) == expected
    with pytest.raises(ValueError, match="add :X or :O"):
        t.game(game).values(np.array(first, dtype=np.uint64), np.array(second, dtype=np.uint64))


def test_domineering_forms_and_sums(tmp_path):
    """domineering: the value in CGSuite's notation, the form in the plain grammar, sums."""
    game = "domineering(cols=3,rows=3)"
    subprocess.run([os.path.join(os.path.dirname(TBPROBE), "tbgen"), "build", game, "--tables",
                    str(tmp_path)], check=True, capture_output=True)
    t = tbreader.Tablebase(str(tmp_path))
    p = t.probe(game, ".../.../...")
    assert p["value"] == "+-1" and p["form"] == "{1|-1}"
    assert {m["move"] for m in p["moves"]} >= {"b1-b2", "a1-b1"}
    # The outcome class, as the text prints it, in the dict's order of `tbprobe --json`; each
    # move's, of the board it leads to.
    assert p["outcome"] == "N"
    assert list(p) == ["game", "board", "to_move", "value", "outcome", "form", "moves"]
    by_move = {m["move"]: m["outcome"] for m in p["moves"]}
    assert by_move["b1-b2"] == "L" and by_move["a2-b2"] == "R"
    # A board may start with a covered cell.
    assert t.probe(game, "#../.../...")["outcome"] == t.probe(game, ["#../.../..."])["outcome"]
    assert t.batch(game, [".../.../... .../.../..#"]) == ["+-{5/2|1/2}"]
    with pytest.raises(ValueError, match="expected 9 cells"):
        t.probe(game, "....")


# morris(board=six): its points in SPEC 6's order (the bits of the masks), and rank by rank from
# the top, the order of a board's text.
SIX_POINTS = "a1 c1 e1 b2 c2 d2 a3 b3 d3 e3 b4 c4 d4 a5 c5 e5".split()
SIX_TEXT = [["a5", "c5", "e5"], ["b4", "c4", "d4"], ["a3", "b3", "d3", "e3"], ["b2", "c2", "d2"],
            ["a1", "c1", "e1"]]


def test_morris_boards_with_hands_and_values(tmp_path):
    """morris: a board with the side to move and the marks in hand (`...:X:2:3`) through probe,
    value and batch as tbprobe answers it, and values() with the hands as arrays: the numbers of
    SPEC 10 from each position's result."""
    np = pytest.importorskip("numpy")
    game = "morris(board=six,pieces=4)"
    subprocess.run([os.path.join(os.path.dirname(TBPROBE), "tbgen"), "build", game, "--tables",
                    str(tmp_path)], check=True, capture_output=True)
    t = tbreader.Tablebase(str(tmp_path))
    start = ".../.../..../.../...:X:4:4"
    p = t.probe(game, start)
    assert p["to_move"] == "X" and list(p) == ["game", "board", "to_move", "value", "result",
                                               "moves"]
    cli = subprocess.run([TBPROBE, "--tables", str(tmp_path), game, start, "--json"],
                         capture_output=True, text=True, check=True).stdout
    assert p == json.loads(cli)
    rng = random.Random(11)
    boards, cases, expected = [], [], []
    while len(boards) < 300:
        # Hands that alternate placing gives (lasker=0): X holds as many as O when X is to move,
        # one fewer otherwise; then marks on the board, at most 4 a side with the hand.
        side = rng.choice("XO")
        o_hand = rng.randint(0, 4)
        x_hand = o_hand if side == "X" else o_hand - 1
        if x_hand < 0:
            continue
        on = {"X": rng.randint(0, 4 - x_hand), "O": rng.randint(0, 4 - o_hand)}
        if on["X"] + x_hand < 3 and on["O"] + o_hand < 3:
            continue
        points = rng.sample(SIX_POINTS, on["X"] + on["O"])
        mark = {q: "X" if i < on["X"] else "O" for i, q in enumerate(points)}
        text = "/".join("".join(mark.get(q, ".") for q in rank) for rank in SIX_TEXT)
        board = f"{text}:{side}:{x_hand}:{o_hand}"
        result = t.probe(game, board)["result"]
        boards.append(board)
        cases.append((sum(1 << i for i, q in enumerate(SIX_POINTS) if mark.get(q) == "X"),
                      sum(1 << i for i, q in enumerate(SIX_POINTS) if mark.get(q) == "O"),
                      side == "X", x_hand, o_hand))
        expected.append(0 if result["winner"] is None else
                        (result["turns"] + 1) * (1 if result["winner"] == "X" else -1))
    first, second, sides, first_hand, second_hand = (np.array(c) for c in zip(*cases))
    got = t.game(game).values(first.astype(np.uint64), second.astype(np.uint64), sides,
                              first_hand, second_hand)
    assert list(got) == expected
    assert any(v > 0 for v in expected) and any(v < 0 for v in expected)
    assert t.batch(game, boards) == [t.value(game, b) for b in boards]
    assert set(t.batch(game, boards)) <= {"X win", "O win", "Draw"}
    # Without hands none are held; the hands need the side to move, and each other.
    f, s = first.astype(np.uint64), second.astype(np.uint64)
    empty = (first_hand == 0) & (second_hand == 0)
    assert empty.sum() > 0
    assert list(t.game(game).values(f[empty], s[empty], sides[empty])) == list(got[empty])
    with pytest.raises(ValueError, match="given together"):
        t.game(game).values(f, s, sides, first_hand)
    with pytest.raises(ValueError, match="given together"):
        t.game(game).values(f, s, None, first_hand, second_hand)
    with pytest.raises(ValueError, match="needs the side to move and the marks in hand"):
        t.game(game).values(f, s)
    # Hands that alternate placing cannot give (X to move holding fewer than O): refused, the
    # index named.
    bad_side, bad_hand = sides.copy(), second_hand.copy()
    bad_side[7], bad_hand[7] = True, first_hand[7] + 1
    with pytest.raises(ValueError, match="position 7 of the arrays"):
        t.game(game).values(f, s, bad_side, first_hand, bad_hand)
    with pytest.raises(ValueError, match="alternate"):
        t.probe(game, ".../.../..../.../...:X:3:4")


def test_dobutsu_values_by_piece_codes(tb):
    """dobutsu: values() with SPEC 10's piece codes (12 squares, rank 1 first, files a..c: 0
    empty, 1 lion .. 5 hen, + 8 for gote's; then sente's giraffes, elephants and chicks in hand,
    then gote's) answers what probe answers of the same position written in SFEN."""
    np = pytest.importorskip("numpy")
    letters = ".LGECH"
    rng = random.Random(5)
    rows, sides, expected, far = [], [], [], []
    while len(rows) < 200:
        codes = [0] * 18
        squares = rng.sample(range(12), 8)
        codes[squares.pop()] = 1
        codes[squares.pop()] = 9
        for kind in (2, 2, 3, 3, 4, 4):
            gote = rng.randint(0, 1)
            if rng.random() < 0.3:
                codes[12 + 3 * gote + kind - 2] += 1
            else:
                shown = 5 if kind == 4 and rng.random() < 0.5 else kind
                codes[squares.pop()] = shown + 8 * gote
        ranks = []
        for r in range(4):
            text, gap = "", 0
            for c in codes[3 * r:3 * r + 3]:
                if c == 0:
                    gap += 1
                    continue
                text += (str(gap) if gap else "") + (letters[c & 7] if c < 8 else letters[c & 7].lower())
                gap = 0
            ranks.append(text + (str(gap) if gap else ""))
        hand = ""
        for gote in (0, 1):
            for k, letter in enumerate("GEC"):
                n = codes[12 + 3 * gote + k]
                hand += (str(n) if n > 1 else "") + (letter if gote == 0 else letter.lower()) * (n > 0)
        side = rng.randint(0, 1)
        sfen = "/".join(ranks) + (" b " if side == 0 else " w ") + (hand or "-")
        try:
            result = tb.probe("dobutsu()", sfen)["result"]
        except ValueError:
            continue  # a position that cannot arise (a chick on its last rank, a lion in check)
        rows.append(codes)
        sides.append(side)
        won = result["winner"]
        expected.append(0 if won is None else (result["turns"] + 1) * (1 if won == "Sente" else -1))
        far.append(-1 if won is None else result["turns"])
    zeros = np.zeros(len(rows), dtype=np.uint64)
    got, distances = tb.game("dobutsu()").values(zeros, zeros, to_move=np.array(sides),
                                                 pieces=np.array(rows, dtype=np.uint8),
                                                 distances=True)
    assert list(got) == expected and list(distances) == far
    assert any(v > 0 for v in expected) and any(v < 0 for v in expected)
    bad = np.array([rows[0][:12] + [2] * 6], dtype=np.uint8)  # twelve pieces in hand too many
    with pytest.raises(ValueError, match="position 0 of the arrays"):
        tb.game("dobutsu()").values(zeros[:1], zeros[:1], to_move=np.array(sides[:1]), pieces=bad)
