#!/usr/bin/env python3
"""A table changed under `tbprobe serve` never kills it.

Clients probe connect(cols=5,rows=5) positions of every layer while one layer's file is
truncated, written back in place, corrupted in place, deleted, and replaced by a rename. Every
200 must be the answer of a server on the untouched tables; an error (500 damaged, 404
missing) only for a position whose probe needs the changed file (one a server without that
file refuses), naming it; once the file is whole again, its positions are answered again; the
server lives through it all and exits 0 on SIGTERM.
usage: serve_table_change.py BIN_DIR
"""
import http.client
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

BIN = sys.argv[1]
GAME = "connect(cols=5,rows=5)"
COLS, ROWS = 5, 5
LAYER = 17  # 0.5 MB compressed, more decoded than the 1 MiB cache: read again and again


class Server:
    def __init__(self, tables, log):
        self.log = open(log, "w+")
        self.proc = subprocess.Popen([f"{BIN}/tbprobe", "serve", "--tables", tables, "--port",
                                      "0", "--threads", "8", "--cache-mb", "1"],
                                     stderr=self.log)
        for _ in range(200):
            self.log.flush()
            with open(log) as f:
                m = re.search(r"listening on http://[^:]+:(\d+)/", f.read())
            if m:
                self.port = int(m.group(1))
                return
            time.sleep(0.05)
        raise RuntimeError("server did not start")

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout=30)


class Client:
    def __init__(self, server):
        self.conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)

    def probe(self, board):
        query = urllib.parse.urlencode({"game": GAME, "board": board})
        self.conn.request("GET", "/api/v1/probe?" + query)
        response = self.conn.getresponse()
        return response.status, json.loads(response.read())


def random_boards(count):
    rng = random.Random(39)
    boards = set()
    while len(boards) < count:
        cells = [["."] * COLS for _ in range(ROWS)]
        height = [0] * COLS
        for m in range(rng.randrange(COLS * ROWS - 3)):
            col = rng.choice([c for c in range(COLS) if height[c] < ROWS])
            cells[ROWS - 1 - height[col]][col] = "XO"[m % 2]
            height[col] += 1
        boards.add("/".join("".join(row) for row in cells))
    return sorted(boards)


def main():
    work = tempfile.mkdtemp(prefix="tbgen-serve-change-")
    servers = []
    failures = []
    try:
        built = os.path.join(work, "built")
        subprocess.run([f"{BIN}/tbgen", "build", GAME, "--tables", built], check=True,
                       capture_output=True)
        changed_dir, without = os.path.join(work, "changed"), os.path.join(work, "without")
        shutil.copytree(built, changed_dir)
        shutil.copytree(built, without)
        name = next(f for f in os.listdir(built) if f.endswith(f"-t{LAYER}.tb"))
        changed = os.path.join(changed_dir, name)
        os.remove(os.path.join(without, name))
        with open(changed, "rb") as f:
            original = f.read()

        reference_server = Server(built, os.path.join(work, "reference.log"))
        without_server = Server(without, os.path.join(work, "without.log"))
        servers += [reference_server, without_server]
        reference, needs = {}, set()
        ref, wo = Client(reference_server), Client(without_server)
        for board in random_boards(3000):
            status, body = ref.probe(board)
            if status != 200:
                continue  # play had ended before the last drop
            reference[board] = body
            if wo.probe(board)[0] != 200:
                needs.add(board)
        boards = sorted(reference)
        print(f"{len(boards)} boards, {len(needs)} of them need {name}")

        server = Server(changed_dir, os.path.join(work, "server.log"))
        servers.append(server)
        stop = threading.Event()
        counts = {"answered": 0, "refused": 0}
        lock = threading.Lock()

        def client(seed):
            c, rng = Client(server), random.Random(seed)
            while not stop.is_set():
                board = rng.choice(boards)
                try:
                    status, body = c.probe(board)
                except (OSError, http.client.HTTPException) as e:
                    failures.append(f"connection failed: {e!r}")
                    return
                with lock:
                    if status == 200:
                        counts["answered"] += 1
                        if body != reference[board]:
                            failures.append(f"wrong answer for {board}: {body}")
                    else:
                        counts["refused"] += 1
                        if (board not in needs or status not in (404, 500)
                                or name not in body.get("error", "")):
                            failures.append(f"{status} for {board}: {body}")

        threads = [threading.Thread(target=client, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()

        def layer_state(whole, what):
            c = Client(server)
            deadline = time.time() + 10
            while time.time() < deadline:
                states = [c.probe(b) for b in needs]
                if all((s == 200 and body == reference[b]) if whole else s in (404, 500)
                       for b, (s, body) in zip(needs, states)):
                    return
                time.sleep(0.05)
            failures.append(f"{what}: the changed layer's positions not "
                            + ("answered" if whole else "refused"))

        def write(path, data):  # in place, as cp does
            with open(path, "wb") as f:
                f.write(data)

        settle = lambda: time.sleep(0.4)
        settle()
        layer_state(True, "before any change")
        os.truncate(changed, 4096)
        settle()
        layer_state(False, "truncated")
        write(changed, original)
        layer_state(True, "written back in place")
        middle = len(original) // 2
        write(changed, original[:middle] + bytes([original[middle] ^ 0x40]) + original[middle + 1:])
        settle()
        write(changed, original)
        layer_state(True, "written back after the corruption")
        os.remove(changed)
        settle()
        layer_state(False, "deleted")
        write(changed + ".new", original)
        os.rename(changed + ".new", changed)
        layer_state(True, "renamed into place")
        settle()
        stop.set()
        for t in threads:
            t.join()

        print(f"{counts['answered']} answered, {counts['refused']} refused while the file changed")
        if server.proc.poll() is not None:
            failures.append(f"the server died: exit {server.proc.returncode}")
        if counts["answered"] + counts["refused"] < 2000:
            failures.append("fewer than 2000 requests")
        if counts["refused"] == 0:
            failures.append("the changes were never seen")
    finally:
        for s in servers:
            if s.proc.poll() is None and s.stop() != 0:
                failures.append("a server did not exit 0 on SIGTERM")
        shutil.rmtree(work, ignore_errors=True)
    for f in failures[:20]:
        print("FAIL", f)
    print(f"{0 if failures else 1} passed, {1 if failures else 0} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
