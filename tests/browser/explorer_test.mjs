// The explorer page end to end in headless chromium (Debian's), driven by playwright-core:
// it opens the page, plays moves by clicking cells (two-mark turns one cell at a time),
// checks every shown value and move list against the API (a morris game's against tbprobe
// itself too), uses the back button, a shared link and a typed board, and saves screenshots.
// usage: node explorer_test.mjs BASE_URL SCREENSHOT_DIR TBPROBE TABLES
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";

const [base, shots, tbprobe, tables] = process.argv.slice(2);
mkdirSync(shots, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
let failures = 0;
const page = await browser.newPage({ viewport: { width: 1200, height: 860 } });
// A loaded machine (CI on 2 cores beside other jobs) can take longer than Playwright's 30 s
// default to redraw; a wait that is met returns at once, so only a failure waits this long.
page.setDefaultTimeout(90000);
const problems = [];
page.on("console", (m) => m.type() === "error" && problems.push("console: " + m.text()));
page.on("pageerror", (e) => problems.push("page error: " + e.message));
page.on("request", (r) => {  // nothing from outside the server
  if (!r.url().startsWith(base)) problems.push("outside request: " + r.url());
});

async function test(name, body) {
  try {
    await body();
    console.log("ok   " + name);
  } catch (e) {
    failures++;
    console.log("FAIL " + name + "\n" + (e.stack || e));
    await page.screenshot({ path: `${shots}/failed-${name.replace(/\W+/g, "-")}.png` });
  }
}

// The position the page shows now must be the API's answer for the game and boards in its
// URL: the value, and every move in the same order with the same values.
async function expectShownMatchesApi() {
  await page.waitForFunction(() => document.getElementById("value").dataset.value !== undefined &&
                                   document.getElementById("value").textContent !== "…");
  const url = new URL(page.url());
  const res = await fetch(`${base}/api/v1/probe?${url.searchParams}`);
  assert.equal(res.status, 200, await res.clone().text());
  const api = await res.json();
  await page.waitForFunction((v) => document.getElementById("value").dataset.value === v,
                             String(api.value));
  // The value alone does not tell positions apart (double5's first moves are all draws, as is
  // the board before them), nor do the moves' names (connect's columns are the same from one
  // position to the next): wait until the list shows the API's moves with the API's values,
  // then compare it in full.
  await page.waitForFunction((moves) => {
    const lis = [...document.querySelectorAll(".moves li[data-move]")];
    return lis.length === moves.length && lis.every((li, i) =>
      li.dataset.move === moves[i][0] && li.querySelector(".move-value")?.textContent === moves[i][1]);
  }, api.moves.map((m) => [m.move, String(m.value)]), { timeout: 60000 }).catch(() => {});
  const shown = await page.$$eval(".moves li[data-move]", (lis) =>
    lis.map((li) => [li.dataset.move, li.querySelector(".move-value").textContent, li.dataset.outcome,
                     li.parentElement.id]));
  assert.deepEqual(shown.map(([m, v]) => [m, v]), api.moves.map((m) => [m.move, String(m.value)]));
  // Best first: no move after a loss is shown as a win or a draw, none after a draw as a win
  // (surreal3 lists Alice's moves, then Bob's, each best first; domineering Left's in one
  // list, Right's in another).
  const rank = { loss: 0, draw: 1, win: 2 };
  const player = ([move, , , list]) => list + (/^(Alice|Bob) /.exec(move) || [""])[0];
  for (let i = 1; i < shown.length; i++)
    if (player(shown[i]) === player(shown[i - 1]))
      assert.ok(rank[shown[i][2]] <= rank[shown[i - 1][2]], `move order by outcome: ${shown}`);
  return api;
}

const boardOf = () => new URL(page.url()).searchParams.getAll("board").join(" ");

await test("opens on a game with its value and moves", async () => {
  await page.goto(base + "/");
  await page.waitForSelector("#game-select option", { state: "attached" });
  const api = await expectShownMatchesApi();
  assert.ok(api.moves.length > 0);
  await page.screenshot({ path: `${shots}/01-start.png` });
});

await test("double5: a two-mark turn played by clicking its cells one by one", async () => {
  await page.goto(`${base}/?game=double5&board=${encodeURIComponent("...../...../...../...../.....")}`);
  await expectShownMatchesApi();
  await page.click('.cell[data-cell="c3"]');
  await page.waitForSelector('.cell.pending[data-cell="c3"]');
  assert.equal(boardOf(), "...../...../...../...../.....");  // half a turn plays nothing
  await page.screenshot({ path: `${shots}/02-double5-half-turn.png` });
  await page.click('.cell[data-cell="b2"]');
  await page.waitForFunction(() => new URL(location.href).searchParams.get("board") === "...../.O.../..O../...../.....");
  const api = await expectShownMatchesApi();
  assert.equal(api.to_move, "X");
  // X answers with the best move from the list.
  const best = api.moves[0].move.split("+");
  for (const c of best) await page.click(`.cell[data-cell="${c}"]`);
  await page.waitForFunction(() => new URL(location.href).searchParams.get("board").includes("X"));
  await expectShownMatchesApi();
  await page.screenshot({ path: `${shots}/03-double5-after-two-turns.png` });
});

await test("the back button goes back a move, and forward again", async () => {
  const after = boardOf();
  await page.goBack();
  await page.waitForFunction(() => new URL(location.href).searchParams.get("board") === "...../.O.../..O../...../.....");
  await expectShownMatchesApi();
  await page.goForward();
  await page.waitForFunction((b) => new URL(location.href).searchParams.get("board") === b, after);
  await expectShownMatchesApi();
  await page.click("#back");
  await page.waitForFunction(() => new URL(location.href).searchParams.get("board") === "...../.O.../..O../...../.....");
  await expectShownMatchesApi();
});

await test("a shared link reopens the position in a new tab", async () => {
  const link = page.url();
  const other = await browser.newPage();
  other.setDefaultTimeout(90000);
  await other.goto(link);
  await other.waitForFunction(() => document.getElementById("value").dataset.value);
  const [a, b] = await Promise.all([page, other].map((p) =>
    p.evaluate(() => [document.getElementById("value").textContent,
                      [...document.querySelectorAll(".moves li")].map((li) => li.textContent).join("|"),
                      [...document.querySelectorAll(".cell")].map((c) => c.textContent).join("")])));
  assert.deepEqual(b, a);
  await other.close();
});

await test("score3: a typed board, clicked to the end of the game", async () => {
  await page.goto(`${base}/?game=score3`);
  await expectShownMatchesApi();
  await page.fill("#board-input", "X.O/.X./...");
  await page.press("#board-input", "Enter");
  await page.waitForFunction(() => new URL(location.href).searchParams.get("board") === "X.O/.X./...");
  let api = await expectShownMatchesApi();
  assert.equal(await page.textContent("#value"), "Draw (0)");
  assert.ok(await page.isVisible("#legend-draw"), "tic-tac-toe can be drawn");
  while (api.moves.length) {  // the worst move for the side to move each time
    const last = api.moves[api.moves.length - 1].move;
    await page.click(`.cell[data-cell="${last}"]`);
    await page.waitForFunction((m) => document.querySelector(`.cell[data-cell="${m}"]`).textContent !== "", last);
    api = await expectShownMatchesApi();
  }
  assert.equal(api.to_move, "none");
  assert.match(await page.textContent("#value"), /^Game over: X wins/);
  await page.screenshot({ path: `${shots}/04-score3-over.png` });
});

await test("a family member with a turn of two marks after a first turn of one", async () => {
  const game = "mnk(cols=4,rows=3,k=3,p=2,q=1,value=outcome,first=X)";
  await page.selectOption("#game-select", game);
  await page.waitForFunction((g) => new URL(location.href).searchParams.get("game") === g, game);
  let api = await expectShownMatchesApi();
  assert.equal(await page.textContent("#value"), "X wins");
  await page.click('.cell[data-cell="b2"]');  // a one-mark first turn plays at once
  await page.waitForFunction(() => new URL(location.href).searchParams.get("board") === "..../.X../....");
  api = await expectShownMatchesApi();
  const [first, second] = api.moves[0].move.split("+");
  await page.click(`.cell[data-cell="${first}"]`);
  await page.waitForSelector(".hint:has-text('pick 1 more cell')");
  await page.screenshot({ path: `${shots}/05-mnk-picking.png` });
  await page.click(`.cell[data-cell="${first}"]`);  // taken back
  await page.waitForFunction(() => !document.querySelector(".cell.pending"));
  await page.click(`.cell[data-cell="${second}"]`);
  await page.click(`.cell[data-cell="${first}"]`);
  await page.waitForFunction(() => (new URL(location.href).searchParams.get("board").match(/O/g) || []).length === 2);
  await expectShownMatchesApi();
  await page.screenshot({ path: `${shots}/06-mnk-member.png` });
});

await test("surreal3: a sum of two boards, Alice's ban chosen from three", async () => {
  await page.goto(`${base}/?game=surreal3&board=O.X/.O./X.O&board=XX./.../...`);
  await expectShownMatchesApi();
  await page.click('.cell[data-board="1"][data-cell="b2"]');
  await page.click(".chooser button:has-text('all four')");
  await page.waitForFunction(() => new URL(location.href).searchParams.getAll("board")[0] === "O#X/###/X#O");
  await expectShownMatchesApi();
  await page.click('.cell[data-board="2"][data-cell="a1"]');  // Bob bans one of his pieces
  await page.waitForFunction(() => new URL(location.href).searchParams.getAll("board")[1] === "#X./.../...");
  await expectShownMatchesApi();
  await page.screenshot({ path: `${shots}/07-surreal3-sum.png` });
});

await test("weighted3 with weights, and nim3's first moves", async () => {
  await page.goto(`${base}/?game=weighted3&board=X../.O./...&weights=-1+1+0+-4+-2+-5+-4+-1+-5`);
  await expectShownMatchesApi();
  assert.equal(await page.textContent("#value"), "Aoki wins");
  await page.goto(`${base}/?game=nim3(max_pile=6)&board=${encodeURIComponent("3 1 4/1 5 9/2 6 5")}`);
  await expectShownMatchesApi();
  await page.screenshot({ path: `${shots}/08-nim3.png` });
});

await test("connect: marks dropped into columns, the result of a speed member", async () => {
  const game = "connect(cols=5,rows=4,k=4,value=speed,first=X,misere=0)";
  await page.goto(`${base}/?game=${encodeURIComponent(game)}&board=33`);  // the columns played
  await page.waitForFunction(() => new URL(location.href).searchParams.get("board") === "...../...../..O../..X..");
  let api = await expectShownMatchesApi();
  assert.equal(api.to_move, "X");
  assert.equal(await page.textContent("#result"), `${api.result.winner === null ? "draw" : api.result.winner + " wins"} in ${api.result.turns} turns`);
  // A click on the top cell of column 2 drops the mark to the bottom.
  await page.click('.cell[data-cell="b1"]');
  await page.waitForFunction(() => new URL(location.href).searchParams.get("board") === "...../...../..O../.XX..");
  api = await expectShownMatchesApi();
  assert.equal(api.to_move, "O");
  // The moves' results, shown beside their values.
  const results = await page.$$eval("#moves li[data-move] .move-result", (els) => els.map((e) => e.textContent));
  assert.equal(results.length, api.moves.length);
  assert.ok(results.every((r) => /^(X|O) wins in \d+ turns?$|^draw in \d+ turns?$/.test(r)), results.join("|"));
  // The best move for O, then every move to the end of the game, best first each time.
  while (api.moves.length) {
    const column = api.moves[0].move;
    const before = boardOf();
    await page.click(`.cell[data-column="${column}"] >> nth=0`);
    await page.waitForFunction((b) => new URL(location.href).searchParams.get("board") !== b, before);
    api = await expectShownMatchesApi();
  }
  assert.equal(api.to_move, "none");
  await page.screenshot({ path: `${shots}/09-connect-over.png` });
});

await test("hex: a rhombus of hexagons, played by clicking cells", async () => {
  const game = "hex(cols=4,rows=4,value=outcome,first=X)";
  await page.goto(`${base}/?game=${encodeURIComponent(game)}`);
  let api = await expectShownMatchesApi();
  assert.equal(await page.textContent("#value"), "X wins");  // Nash: the first player wins
  assert.ok(await page.isHidden("#legend-draw"), "Hex has no draws: no draw in the legend");
  assert.equal(await page.$$eval(".hex-board .cell", (c) => c.length), 16);
  // Row r is half a cell to the right of row r - 1.
  const [a1, a2] = await Promise.all(["a1", "a2"].map((c) =>
    page.$eval(`.cell[data-cell="${c}"]`, (el) => el.getBoundingClientRect().left)));
  assert.ok(a2 > a1, `a2 at ${a2} is right of a1 at ${a1}`);
  while (api.moves.length) {  // the best move each time, to the end
    const best = api.moves[0].move;
    await page.click(`.cell[data-cell="${best}"]`);
    await page.waitForFunction((m) => document.querySelector(`.cell[data-cell="${m}"]`).textContent !== "", best);
    api = await expectShownMatchesApi();
  }
  assert.equal(api.to_move, "none");
  assert.match(await page.textContent("#value"), /^Game over: X wins/);
  await page.screenshot({ path: `${shots}/10-hex-over.png` });
});

await test("slide: marks placed by a click, then moved by clicking a mark and its target", async () => {
  const game = "slide(cols=3,rows=3,k=3,pieces=3,step=rook,square=0,first=X)";
  await page.goto(`${base}/?game=${encodeURIComponent(game)}`);
  let api = await expectShownMatchesApi();
  assert.equal(await page.textContent("#result"), "X wins in 9 turns");
  let turns = 0;
  while (api.moves.length) {  // the best move each time: the winner hurries, the loser delays
    const best = api.moves[0].move, before = boardOf();
    const [from, to] = best.includes("-") ? best.split("-") : [null, best];
    if (from) {
      await page.click(`.cell[data-cell="${from}"]`);
      await page.waitForSelector(`.cell.pending[data-cell="${from}"]`);
      if (turns === 6) await page.screenshot({ path: `${shots}/11-slide-picked.png` });
    }
    await page.click(`.cell[data-cell="${to}"]`);
    await page.waitForFunction((b) => new URL(location.href).searchParams.get("board") !== b, before);
    api = await expectShownMatchesApi();
    turns++;
    if (turns === 6) assert.match(boardOf(), /:[XO]$/);  // every mark placed: the side to move
  }
  assert.equal(turns, 9);
  assert.equal(api.to_move, "none");
  assert.match(await page.textContent("#value"), /^Game over: X wins/);
  await page.screenshot({ path: `${shots}/12-slide-over.png` });
});

// domineering: the outcome class in words; Left's moves (vertical) and Right's (horizontal) in
// two lists, each marked won or lost for its maker from the outcome class it leads to; no draws.
async function expectDominoShown(api, words) {
  assert.equal(await page.textContent("#outcome"), `${api.outcome}: ${words}`);
  assert.ok(await page.isVisible("#moves-right"), "Right's moves have a list of their own");
  assert.match(await page.textContent("#moves-title"), /^Left's moves/);
  assert.match(await page.textContent("#moves-right-title"), /^Right's moves/);
  assert.ok(await page.isHidden("#legend-draw"), "domineering has no draws");
  const lists = await Promise.all(["#moves", "#moves-right"].map((id) => page.$$eval(`${id} li[data-move]`,
    (lis) => lis.map((li) => [li.dataset.move, li.dataset.outcome, li.querySelector(".badge").textContent]))));
  const vertical = (m) => m[0] === m.split("-")[1][0];
  const want = (m, left) => ["P", left ? "L" : "R"].includes(m.outcome) ? "win" : "loss";
  assert.deepEqual(lists[0], api.moves.filter((m) => vertical(m.move)).map((m) => [m.move, want(m, true), want(m, true)]));
  assert.deepEqual(lists[1], api.moves.filter((m) => !vertical(m.move)).map((m) => [m.move, want(m, false), want(m, false)]));
  return lists;
}

await test("domineering: a domino placed by clicking its two cells", async () => {
  const game = "domineering(cols=3,rows=3)";
  await page.goto(`${base}/?game=${encodeURIComponent(game)}`);
  let api = await expectShownMatchesApi();
  assert.equal(api.value, "+-1");
  assert.equal(await page.textContent("#result"), "form {1|-1}");
  // +-1: whoever moves first wins, by a move to 1 (Left) or -1 (Right); each side has both.
  const [left, right] = await expectDominoShown(api, "whoever moves first wins");
  assert.deepEqual(left.find((m) => m[0] === "b1-b2"), ["b1-b2", "win", "win"]);
  assert.deepEqual(right.find((m) => m[0] === "a2-b2"), ["a2-b2", "win", "win"]);
  for (const list of [left, right]) assert.ok(list.some((m) => m[1] === "loss"), `a losing move in ${list}`);
  await page.screenshot({ path: `${shots}/13-domineering-start.png` });
  await page.click('.cell[data-cell="b1"]');
  await page.waitForSelector('.cell.pending[data-cell="b1"]');
  await page.click('.cell[data-cell="b2"]');  // Left's vertical domino
  await page.waitForFunction(() => new URL(location.href).searchParams.get("board") === ".#./.#./...");
  api = await expectShownMatchesApi();
  assert.equal(api.value, "1");
  await expectDominoShown(api, "Left wins");
  await page.click('.cell[data-cell="a3"]');
  await page.click('.cell[data-cell="b3"]');  // Right's horizontal one
  await page.waitForFunction(() => new URL(location.href).searchParams.get("board") === ".#./.#./##.");
  api = await expectShownMatchesApi();
  await expectDominoShown(api, { L: "Left wins", R: "Right wins", N: "whoever moves first wins",
                                 P: "the second player wins" }[api.outcome]);
  await page.screenshot({ path: `${shots}/14-domineering.png` });
});

// morris(board=six,pieces=4): a game played by clicks, every click checked against a board the
// test keeps itself (points, side to move, hands), every position's value, result and moves
// against `tbprobe --json`. Placements, a mill closed by a placement for each side (then a
// click on the mark removed), moves, a flying move, and a move whose mill ends the game.
const SIX_RANKS = [["a5", "c5", "e5"], ["b4", "c4", "d4"], ["a3", "b3", "d3", "e3"], ["b2", "c2", "d2"],
                   ["a1", "c1", "e1"]];
const SIX_POINTS = SIX_RANKS.flat();
function morrisAfter(board, move) {
  const [text, side, x = "0", o = "0"] = board.split(":");
  const cells = text.replaceAll("/", "").split(""), hand = { X: +x, O: +o };
  const [, from, to, take] = /^(?:(\w\d)-)?(\w\d)(?:x(\w\d))?$/.exec(move);
  if (from) cells[SIX_POINTS.indexOf(from)] = ".";
  else hand[side]--;
  cells[SIX_POINTS.indexOf(to)] = side;
  if (take) cells[SIX_POINTS.indexOf(take)] = ".";
  let at = 0;
  const ranks = SIX_RANKS.map((r) => cells.slice(at, (at += r.length)).join(""));
  return `${ranks.join("/")}:${side === "X" ? "O" : "X"}` + (hand.X || hand.O ? `:${hand.X}:${hand.O}` : "");
}

// The board as the page draws it: each point's mark, and the count of each side's hand.
async function expectMorrisShown(board) {
  const [text, , x, o] = board.split(":");
  const want = Object.fromEntries(SIX_POINTS.map((p, i) => [p, text.replaceAll("/", "")[i].replace(".", "")]));
  const wantHands = [["X", x || "0"], ["O", o || "0"]];
  const drawn = () => ({  // run in the page
    points: Object.fromEntries([...document.querySelectorAll(".morris-board .cell")]
      .map((c) => [c.dataset.cell, c.textContent])),
    hands: [...document.querySelectorAll(".hand")].map((r) => [r.dataset.hand, r.dataset.count]),
  });
  // The page draws a position once the API has answered: wait for it, then compare in full.
  const expected = JSON.stringify({ points: want, hands: wantHands });
  await page.waitForFunction(`JSON.stringify((${drawn})()) === ${JSON.stringify(expected)}`, null,
                             { timeout: 5000 }).catch(() => {});
  const shown = await page.evaluate(drawn);
  assert.deepEqual(shown.points, want);
  assert.deepEqual(shown.hands, wantHands);
}

// The value, the result and every move as `tbprobe --json` gives them.
async function expectShownMatchesTbprobe(game, board) {
  const cli = JSON.parse(execFileSync(tbprobe, ["--tables", tables, game, board, "--json"], { encoding: "utf8" }));
  assert.equal(await page.getAttribute("#value", "data-value"), cli.value);
  const words = (r) => (r.winner === null ? "draw" : `${r.winner} wins`) + (r.turns === null ? "" : ` in ${r.turns} turn${r.turns === 1 ? "" : "s"}`);
  assert.equal(await page.textContent("#result"), words(cli.result));
  const moves = await page.$$eval("#moves li[data-move]", (lis) =>
    lis.map((li) => [li.dataset.move, li.querySelector(".move-value").textContent, li.querySelector(".move-result").textContent]));
  assert.deepEqual(moves, cli.moves.map((m) => [m.move, m.value, words(m.result)]));
  return cli;
}

await test("morris: a game of six played by clicks, with captures, to its end", async () => {
  const game = "morris(board=six,pieces=4,fly=1,lasker=0,first=X)";
  await page.goto(`${base}/?game=${encodeURIComponent(game)}`);
  let board = ".../.../..../.../...:X:4:4";
  await page.waitForFunction((b) => new URL(location.href).searchParams.get("board") === b, board);
  await expectShownMatchesApi();
  await expectMorrisShown(board);
  await expectShownMatchesTbprobe(game, board);
  // Drawn as players know it: two squares and the four lines joining them, a1 at the bottom left.
  assert.equal(await page.$$eval(".morris-board svg line", (l) => l.length), 12);
  const box = async (p) => page.$eval(`.cell[data-cell="${p}"]`, (el) => el.getBoundingClientRect());
  const [a1, e1, a5, b2] = await Promise.all(["a1", "e1", "a5", "b2"].map(box));
  assert.ok(a1.top > a5.top && e1.left > a1.left && b2.left > a1.left && b2.top < a1.top);
  await page.screenshot({ path: `${shots}/15-morris-start.png` });
  const line = ["a1", "e5", "c1", "c5", "e1xc5", "c5", "b2", "a5xb2", "a1-a3", "e5-d4", "a3-a1xd4"];
  const click = async (p) => {
    await page.click(`.cell[data-cell="${p}"]`);
    await page.waitForFunction(() => document.getElementById("value").textContent !== "…");
  };
  for (const [turn, move] of line.entries()) {
    const [, from, to, take] = /^(?:(\w\d)-)?(\w\d)(?:x(\w\d))?$/.exec(move);
    const mover = board.split(":")[1];
    if (from) {  // the mark picked up: nothing played yet
      await click(from);
      await page.waitForSelector(`.cell.pending[data-cell="${from}"]`);
      assert.match(await page.textContent("#hint"), new RegExp(`^${from}: click where it goes`));
      assert.equal(boardOf(), board);
      await expectMorrisShown(board);
      if (turn === 8) {  // a click on it again puts it back; then it is picked again
        await click(from);
        await page.waitForFunction(() => !document.querySelector(".cell.pending"));
        await click(from);
        await page.waitForSelector(`.cell.pending[data-cell="${from}"]`);
      }
    }
    await click(to);
    if (take) {  // a mill: the mark stands on its target, the opponent marks it may take ringed
      await page.waitForSelector(`.cell.pending[data-cell="${to}"]`);
      assert.equal(boardOf(), board);
      const turnMoves = (await expectShownMatchesTbprobe(game, board)).moves.map((m) => m.move)
        .filter((m) => m.startsWith(move.split("x")[0] + "x"));
      const removable = await page.$$eval(".cell.removable", (cells) => cells.map((c) => c.dataset.cell).sort());
      assert.deepEqual(removable, turnMoves.map((m) => m.split("x")[1]).sort());
      assert.match(await page.textContent("#hint"), /closes a mill: click the [XO] mark to remove/);
      const [text, , x, o] = morrisAfter(board, move.split("x")[0]).split(":");
      await expectMorrisShown([text, "", x, o].join(":"));
      if (turn === 4) {
        await page.screenshot({ path: `${shots}/16-morris-mill.png` });
        await click(to);  // taken back, and played again
        await page.waitForFunction(() => !document.querySelector(".cell.pending"));
        await expectMorrisShown(board);
        await click(to);
      }
      await click(take);
    }
    board = morrisAfter(board, move);
    await page.waitForFunction((b) => new URL(location.href).searchParams.get("board") === b, board);
    await expectShownMatchesApi();
    await expectMorrisShown(board);
    const cli = await expectShownMatchesTbprobe(game, board);
    assert.equal(cli.to_move, mover === "X" ? "O" : "X");
    assert.equal(await page.textContent("#to-move"), `To move: ${cli.to_move}`);
  }
  // O is left with two marks: X has won, and the page says the game is over.
  assert.equal(board, "OO./.../..../.../XXX:O");
  assert.match(await page.textContent("#value"), /^Game over: X wins/);
  assert.equal(await page.textContent("#moves li"), "The game is over.");
  await page.screenshot({ path: `${shots}/17-morris-over.png` });
  await page.click("#back");  // the back button takes the last turn back
  await page.waitForFunction(() => new URL(location.href).searchParams.get("board") === "OO./..O/X.../.../.XX:X");
  await expectMorrisShown("OO./..O/X.../.../.XX:X");
  await expectShownMatchesApi();
});

await test("a bad board shows the API's error and the page keeps working", async () => {
  await page.goto(`${base}/?game=score3&board=XXXX`);
  await page.waitForSelector(".hint .error");
  assert.match(await page.textContent(".hint"), /expected 9 cells/);
  await page.click("#start");
  await page.waitForFunction(() => new URL(location.href).searchParams.get("board") === ".../.../...");
  await expectShownMatchesApi();
});

await test("the page loaded nothing from outside and logged no error", async () => {
  assert.deepEqual(problems.filter((p) => !p.includes("400 (Bad Request)")), []);
});

await browser.close();
console.log(failures ? `${failures} failed` : "all passed");
process.exit(failures ? 1 : 0);
