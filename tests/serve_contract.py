#!/usr/bin/env python3
"""The HTTP contract of `tbprobe serve` (SPEC section 7), checked from outside.

Every game (the seeds and family members) is walked at random through the API; each answer
must be byte for byte the output of `tbprobe GAME BOARD --json`. Then the errors (400, 404,
405, 500), none of whose bodies may hold the server's path to its tables, CORS and content
types, HEAD, malformed HTTP, the access log, and a clean exit on SIGTERM with a request in
flight.
usage: serve_contract.py BIN_DIR TABLES
"""
import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse

BIN, TABLES = sys.argv[1], os.path.abspath(sys.argv[2])
FAMILY = ["mnk(cols=4,rows=3,k=3,p=2,q=1)", "mnk(cols=3,rows=3,k=3,value=speed,first=O)",
          "lines(cols=4,rows=3,len=3,threshold=2,value=margin)",
          "connect(cols=4,rows=4,value=speed)"]
failures = []


def check(name, ok, detail=""):
    if not ok:
        failures.append(name)
        print(f"FAIL {name}: {detail}")


def tbprobe(*args, stdin=None):
    return subprocess.run([f"{BIN}/tbprobe", *args, "--tables", work_tables], input=stdin,
                          capture_output=True, text=True)


class Server:
    def __init__(self, tables):
        self.log = open(os.path.join(work, "server.log"), "w+")
        self.proc = subprocess.Popen([f"{BIN}/tbprobe", "serve", "--tables", tables, "--port",
                                      "0", "--threads", "4", "--cache-mb", "8"],
                                     stderr=self.log)
        for _ in range(200):
            m = re.search(r"listening on http://[^:]+:(\d+)/", self.log_text())
            if m:
                self.port = int(m.group(1))
                return
            time.sleep(0.05)
        raise RuntimeError("server did not start: " + self.log_text())

    def log_text(self):
        self.log.flush()
        with open(self.log.name) as f:
            return f.read()

    def connect(self):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)


def get(conn, path, method="GET"):
    # The server closes a keep-alive connection idle for 2 s (while this script runs tbprobe,
    # say); as HTTP clients do, a request that finds its connection closed is sent again on a
    # new one.
    try:
        conn.request(method, path)
        r = conn.getresponse()
    except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
        conn.close()
        conn.request(method, path)
        r = conn.getresponse()
    return r.status, dict(r.getheaders()), r.read().decode()


def probe_path(game, boards, weights=None):
    q = [("game", game)] + [("board", b) for b in boards]
    if weights:
        q.append(("weights", weights))
    return "/api/v1/probe?" + urllib.parse.urlencode(q)


# ---- Boards met on random games, for each kind of game.
def cols_rows(game):
    if game.startswith(("mnk", "lines", "connect")):
        keys = dict(kv.split("=") for kv in game[game.index("(") + 1:-1].split(","))
        return int(keys["cols"]), int(keys["rows"])
    return (5, 5) if game == "double5" else (3, 3)


def mark_of(to_move):
    m = re.fullmatch(r"([XO])", to_move) or re.search(r"\(([XO])\)", to_move)
    return m.group(1) if m else None


def after(game, boards, to_move, move):
    """The boards after `move`, for games whose moves name cells."""
    if game == "surreal3":
        m = re.fullmatch(r"(Alice|Bob) (?:(\d+):)?([a-c][1-3])(?::(lr|ud|all))?", move)
        b = int(m.group(2) or 1) - 1
        cells = list(boards[b].replace("/", ""))
        i = (int(m.group(3)[1]) - 1) * 3 + ord(m.group(3)[0]) - 97
        r, c = divmod(i, 3)
        ban = [(r, c)]
        if m.group(4) in ("lr", "all"):
            ban += [(r, c - 1), (r, c + 1)]
        if m.group(4) in ("ud", "all"):
            ban += [(r - 1, c), (r + 1, c)]
        for rr, cc in ban:
            if 0 <= rr < 3 and 0 <= cc < 3:
                cells[rr * 3 + cc] = "#"
        boards = list(boards)
        boards[b] = "/".join("".join(cells[k:k + 3]) for k in (0, 3, 6))
        return boards
    cols, rows = cols_rows(game)
    cells = list(boards[0].replace("/", ""))
    if game.startswith("connect"):  # a column: the lowest empty cell of it
        c = int(move) - 1
        r = max(r for r in range(rows) if cells[r * cols + c] == ".")
        cells[r * cols + c] = mark_of(to_move)
        return ["/".join("".join(cells[r * cols:(r + 1) * cols]) for r in range(rows))]
    for name in move.split("+"):
        cells[(int(name[1:]) - 1) * cols + ord(name[0]) - 97] = mark_of(to_move)
    return ["/".join("".join(cells[r * cols:(r + 1) * cols]) for r in range(rows))]


def quixo_after(board, to_move, move):
    """A Quixo board after a push (SPEC 6): the cube taken at the first cell, the cubes between
    shifted toward the hole, the mover's mark in at the end; the other side to move."""
    rows = [list(r) for r in board.split(":")[0].split("/")]
    (c0, r0), (c1, r1) = [(ord(n[0]) - 97, int(n[1:]) - 1) for n in move.split("-")]
    dr, dc = (r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0)
    r, c = r0, c0
    while (r, c) != (r1, c1):
        rows[r][c] = rows[r + dr][c + dc]
        r, c = r + dr, c + dc
    rows[r1][c1] = to_move
    return ["/".join("".join(r) for r in rows) + ":" + ("O" if to_move == "X" else "X")]


def dobutsu_after(board, move):
    """A Dobutsu SFEN after a step (a capture into the mover's hand, a hen as a chick; "+" a
    promotion) or a drop ("C*b2"); None where the lion is taken: no position follows."""
    ranks, side, hands = board.split(" ")[:3]
    squares = []  # 12 squares from a1, each "" or its piece as SFEN writes it ("C", "+c")
    for token in re.findall(r"\+?[A-Za-z]|\d", ranks.replace("/", "")):
        squares += [""] * int(token) if token.isdigit() else [token]
    held = {}
    for count, letter in re.findall(r"(2?)([A-Za-z])", "" if hands == "-" else hands):
        held[letter] = int(count or 1)
    own = str.upper if side == "b" else str.lower
    at = lambda square: (int(square[1]) - 1) * 3 + ord(square[0]) - 97
    m = re.fullmatch(r"([a-c][1-4])-([a-c][1-4])(\+?)|([GEC])\*([a-c][1-4])", move)
    if m[4]:
        held[own(m[4])] -= 1
        squares[at(m[5])] = own(m[4])
    else:
        piece, taken = squares[at(m[1])], squares[at(m[2])]
        if taken.upper() == "L":
            return None
        if taken:
            held[own(taken[-1])] = held.get(own(taken[-1]), 0) + 1
        squares[at(m[1])] = ""
        squares[at(m[2])] = own("+C") if m[3] else piece
    text = []
    for r in range(4):
        rank = "".join(p or "1" for p in squares[3 * r:3 * r + 3])
        text.append(re.sub(r"1+", lambda run: str(len(run[0])), rank))
    hands = "".join(("2" if held.get(k, 0) == 2 else "") + k for k in "GECgec" if held.get(k, 0))
    return [f"{'/'.join(text)} {'w' if side == 'b' else 'b'} {hands or '-'}"]


def walks(conn, game, start, weights, games_count, rng, plies=10**9):
    """Positions of random games from `start` (at most `plies` moves each), each answered by the
    API along the way."""
    seen = []
    for _ in range(games_count):
        boards = start
        for _ in range(plies):
            status, _, body = get(conn, probe_path(game, boards, weights))
            check(f"walk {game} {boards}", status == 200, body)
            if status != 200:
                break
            seen.append((boards, body))
            moves = json.loads(body)["moves"]
            if not moves or game.startswith("nim3"):
                break
            to_move, move = json.loads(body)["to_move"], rng.choice(moves)["move"]
            if game.startswith("quixo"):
                boards = quixo_after(boards[0], to_move, move)
            elif game.startswith("dobutsu"):
                boards = dobutsu_after(boards[0], move)
                if boards is None:  # the lion taken: the game is over
                    break
            else:
                boards = after(game, boards, to_move, move)
    return seen


work = tempfile.mkdtemp(prefix="serve_contract.")
work_tables = os.path.join(work, "tables")
os.mkdir(work_tables)
server = None
try:
    for f in os.listdir(TABLES):
        if f.endswith(".tb"):
            os.symlink(os.path.join(TABLES, f), os.path.join(work_tables, f))
    for g in FAMILY:
        subprocess.run([f"{BIN}/tbgen", "build", g, "--tables", work_tables], check=True,
                       capture_output=True)
    server = Server(work_tables)
    conn = server.connect()
    rng = random.Random(7)
    requests = 0

    # ---- /api/v1/games: one entry per game present, files and bytes as on disk.
    status, headers, body = get(conn, "/api/v1/games")
    requests += 1
    games = json.loads(body)["games"]
    check("games status", status == 200, body)
    check("games key order", list(games[0]) == ["game", "tables", "bytes"], body)
    on_disk = {}
    for f in os.listdir(work_tables):
        name = os.path.join(work_tables, f)
        game = subprocess.run([f"{BIN}/tbgen", "info", name], capture_output=True,
                              text=True).stdout.split("game:")[1].split("\n")[0].strip()
        n, b = on_disk.get(game, (0, 0))
        on_disk[game] = (n + 1, b + os.path.getsize(name))
    check("games match the files", {g["game"]: (g["tables"], g["bytes"]) for g in games} == on_disk,
          f"{games} vs {on_disk}")

    # ---- Every game: API answers byte for byte `tbprobe GAME BOARD --json`.
    starts = {"score3": ([".../.../..."], None), "double5": (["...../...../...../...../....."], None),
              "weighted3": (["X../.O./..."], "-1 1 0 -4 -2 -5 -4 -1 -5"),
              "surreal3": (["O.X/.O./X.O", "XX./.O./..."], None)}
    for g in FAMILY:
        cols, rows = cols_rows(g)
        starts[g] = (["/".join(["." * cols] * rows)], None)
    # Members of the cyclic engine (their tables from the suite's): random games may go on
    # forever, so each walk stops after 60 moves.
    starts.update({"quixo(size=3)": ([".../.../...:X"], None),
                   "quixo(size=4)": (["..../..../..../....:X"], None),
                   "dobutsu()": (["gle/1c1/1C1/ELG b -"], None)})
    for game, (start, weights) in starts.items():
        seen = walks(conn, game, start, weights, 3 if game == "double5" else 6, rng,
                     60 if game.startswith(("quixo", "dobutsu")) else 10**9)
        requests += len(seen)
        check(f"{game}: walked", len(seen) > 5, len(seen))
        for boards, body in rng.sample(seen, min(25, len(seen))):
            cli = tbprobe(game, *boards, "--json", *(["--weights", weights] if weights else []))
            check(f"{game} {boards}: equals tbprobe --json", cli.returncode == 0 and cli.stdout == body,
                  f"\n api {body}\n cli {cli.stdout}{cli.stderr}")
    nim_boards = [" ".join(str(rng.choice([1, 2, 3, 6, 10**9])) for _ in range(9)) for _ in range(20)]
    for board in nim_boards:
        status, _, body = get(conn, probe_path("nim3", [board]))
        requests += 1
        cli = tbprobe("nim3", board, "--json")
        check(f"nim3 {board}", status == 200 and cli.stdout == body, body + cli.stdout + cli.stderr)

    # ---- domineering (SPEC 6): the JSON carries the outcome class the text prints, each move
    # the one it leads to; a board may start with a covered cell.
    dom = "domineering(cols=3,rows=3)"
    subprocess.run([f"{BIN}/tbgen", "build", dom, "--tables", work_tables], check=True,
                   capture_output=True)
    for boards in ([".../.../..."], ["#../.../..."], [".../.../...", "#../.../..#"]):
        status, _, body = get(conn, probe_path(dom, boards))
        requests += 1
        cli = tbprobe(dom, *boards, "--json")
        check(f"{dom} {boards}: equals tbprobe --json", status == 200 and cli.stdout == body,
              f"\n api {body}\n cli {cli.stdout}{cli.stderr}")
        printed = re.search(r"^outcome: ([LRNP])$", tbprobe(dom, *boards).stdout, re.M)
        answer = json.loads(body)
        check(f"{dom} {boards}: outcome", printed and answer.get("outcome") == printed[1], body)
        if len(boards) == 1:
            check(f"{dom} {boards}: moves' outcomes", answer["moves"] and
                  all(m["outcome"] in "LRNP" for m in answer["moves"]), body)

    # ---- Errors: one JSON object naming the problem; the server answers on. A table is named
    # by its file name, never by the server's path to it: no body of an error holds the table
    # directory (as given, or as the file system resolves it), nor the directory its files
    # link to. A damaged table (its files cut short) is a 500 that says what to run.
    damaged = "mnk(cols=3,rows=2,k=2)"
    scratch = os.path.join(work, "damaged")
    subprocess.run([f"{BIN}/tbgen", "build", damaged, "--tables", scratch], check=True,
                   capture_output=True)
    for f in os.listdir(scratch):
        with open(os.path.join(scratch, f), "rb") as src:
            data = src.read()
        with open(os.path.join(work_tables, f), "wb") as dst:
            dst.write(data[:len(data) // 2])
    server_paths = {work_tables, os.path.realpath(work_tables), TABLES, os.path.realpath(TABLES)}
    error_bodies = []
    bad = [
        ("/api/v1/probe?game=score3&board=XXXX", 400, "expected 9 cells"),
        ("/api/v1/probe?game=score3&board=XXX/OOO/...", 400, ""),
        ("/api/v1/probe?game=score3", 400, "missing parameter 'board'"),
        ("/api/v1/probe?board=...", 400, "missing parameter 'game'"),
        ("/api/v1/probe?game=score3&board=.........&colour=red", 400, "unknown parameter 'colour'"),
        ("/api/v1/probe?game=score3&game=score3&board=.........", 400, "given twice"),
        ("/api/v1/probe?game=score3&board=%zz", 400, "two hex digits"),
        ("/api/v1/probe?game=mnk(cols=99,rows=3,k=3)&board=...", 400, "cols must be"),
        ("/api/v1/probe?game=mnk(cols=3,rows=3,k=3,colour=red)&board=.........", 400, "unknown key"),
        ("/api/v1/probe?game=connect(cols=4,rows=4,value=speed)&board=..../..X./..../....", 400,
         "above an empty cell"),
        ("/api/v1/probe?game=connect(cols=4,rows=4,value=speed)&board=11111", 400,
         "column 1 is full"),
        ("/api/v1/probe?game=weighted3&board=.........", 400, "weights"),
        ("/api/v1/probe?game=quixo(size=3)&board=.../.../...", 400, "the side to move is missing"),
        ("/api/v1/probe?game=dobutsu()&board=gle/1c1/1C1/ELG", 400, "the side to move is missing"),
        ("/api/v1/probe?game=dobutsu()&board=gle/1c1/1C1/EG1+b+-", 400, "sente has 0 lions"),
        ("/api/v1/probe?game=chess&board=.........", 404, "unknown game 'chess'"),
        ("/api/v1/probe?game=mnk(cols=5,rows=5,k=5)&board=" + "." * 25, 404,
         "table missing (run tbgen build 'mnk(cols=5,rows=5,k=5,p=1,q=1,value=outcome,first=X)')"),
        ("/api/v1/probe?game=nim3(max_pile=5)&board=1+1+1/1+1+1/1+1+1", 404,
         "\"nim3-k5.tb: table missing (run tbgen build 'nim3(max_pile=5)')\""),
        ("/api/v1/probe?game=" + urllib.parse.quote(damaged) + "&board=.../...", 500,
         "(run tbgen build 'mnk(cols=3,rows=2,k=2,p=1,q=1,value=outcome,first=X)' to rebuild it)"),
        ("/api/v1/nothing", 404, "no such path"),
        ("/favicon.ico", 404, "no such path"),
    ]
    for path, want, text in bad:
        status, headers, body = get(conn, path)
        requests += 1
        check(f"{path}: status", status == want, f"{status} {body}")
        if want != 200:
            check(f"{path}: error object", list(json.loads(body)) == ["error"] and text in body, body)
            error_bodies.append((path, status, body))
        check(f"{path}: CORS", headers.get("Access-Control-Allow-Origin") == "*", headers)
        check(f"{path}: JSON", headers.get("Content-Type") == "application/json", headers)
    for method in ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"]:
        for path in ["/api/v1/games", "/api/v1/probe?game=score3&board=.........", "/"]:
            status, headers, body = get(conn, path, method)
            requests += 1
            check(f"{method} {path}", status == 405 and headers.get("Allow") == "GET, HEAD"
                  and headers.get("Access-Control-Allow-Origin") == "*", f"{status} {headers}")
            error_bodies.append((f"{method} {path}", status, body))
    check("every kind of error met", {s for _, s, _ in error_bodies} == {400, 404, 405, 500},
          error_bodies)
    for path, _, body in error_bodies:
        check(f"{path}: no server path", not any(p in body for p in server_paths),
              f"{body} holds one of {server_paths}")

    # HEAD: the headers of GET, no body.
    status, headers, body = get(conn, probe_path("score3", ["X.O/.X./..."]), "HEAD")
    requests += 1
    _, get_headers, get_body = get(conn, probe_path("score3", ["X.O/.X./..."]))
    requests += 1
    check("HEAD", status == 200 and body == "" and
          headers.get("Content-Length") == str(len(get_body.encode())), f"{status} {headers}")

    # The explorer page: HTML that loads nothing from elsewhere.
    status, headers, page = get(conn, "/")
    requests += 1
    check("explorer", status == 200 and headers["Content-Type"].startswith("text/html")
          and "<title>tbgen explorer</title>" in page, headers)
    check("explorer is self-contained", not re.search(r"(src|href)=\"(https?:)?//", page))

    # Malformed HTTP on raw sockets, then a good request still works.
    for raw in [b"GARBAGE\r\n\r\n", b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
                b"\x00\xff\x10\r\n\r\n", b"GET /api/v1/games HTTP/1.1\r\n"]:
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
            s.sendall(raw)
            s.shutdown(socket.SHUT_WR)
            reply = s.recv(4096)
            check(f"malformed {raw[:20]!r}", reply == b"" or reply.startswith(b"HTTP/1.1 4"), reply[:80])
    conn = server.connect()
    status, _, _ = get(conn, "/api/v1/games")
    requests += 1
    check("serves after malformed requests", status == 200)

    # The access log: one line per answered request, with its latency.
    lines = [l for l in server.log_text().splitlines() if re.search(r'" \d{3} \d+ [\d.]+ ms$', l)]
    check("access log", len(lines) == requests, f"{len(lines)} lines for {requests} requests")

    # A second server on a busy port is refused (cpp-httplib's SO_REUSEPORT would share it).
    busy_port = subprocess.run([f"{BIN}/tbprobe", "serve", "--tables", work_tables, "--port",
                                str(server.port)], capture_output=True, text=True, timeout=10)
    check("busy port", busy_port.returncode == 1 and "in use" in busy_port.stderr,
          busy_port.stderr)

    # SIGTERM with a request in flight: the server has read half of it when the signal comes.
    # It stops accepting at once, answers that request in full when the rest arrives, and
    # exits 0 (an idle keep-alive connection beside it does not hold it up for long).
    idle = server.connect()
    get(idle, "/api/v1/games")
    path = probe_path("double5", ["...../...../...../...../....."])
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        first = s.recv(65536)  # the connection is served and kept alive
        while b"\r\n\r\n" not in first or len(first.split(b"\r\n\r\n", 1)[1]) < int(
                re.search(rb"Content-Length: (\d+)", first).group(1)):
            first += s.recv(65536)
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n".encode())  # half a request
        time.sleep(0.5)
        server.proc.send_signal(signal.SIGTERM)
        time.sleep(0.5)
        try:
            socket.create_connection(("127.0.0.1", server.port), timeout=2).close()
            refused = False
        except OSError:
            refused = True
        check("stops accepting at SIGTERM", refused)
        s.sendall(b"\r\n")  # the rest of the request in flight
        reply = b""
        while chunk := s.recv(65536):
            reply += chunk
    head, _, body = reply.partition(b"\r\n\r\n")
    check("in flight at SIGTERM: answered", head.startswith(b"HTTP/1.1 200")
          and json.loads(body)["value"] == "Draw", reply[:200])
    t0 = time.time()
    try:
        code = server.proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        code = "still running"
    check("exit 0 on SIGTERM", code == 0, code)
    check("exit within the keep-alive timeout", time.time() - t0 < 5, time.time() - t0)
    check("stopped line", "tbprobe serve: stopped" in server.log_text())

    # A missing table directory: one line, exit 1.
    missing = subprocess.run([f"{BIN}/tbprobe", "serve", "--tables", os.path.join(work, "nope"),
                              "--port", "0"], capture_output=True, text=True, timeout=10)
    check("missing directory", missing.returncode == 1 and "does not exist" in missing.stderr,
          missing.stderr)
finally:
    if server and server.proc.poll() is None:
        server.proc.kill()
        server.proc.wait()
    shutil.rmtree(work)

print(f"serve contract: {len(failures)} failed" if failures else "serve contract: all passed")
sys.exit(1 if failures else 0)
