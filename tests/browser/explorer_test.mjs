// The explorer page end to end in headless chromium (Debian's), driven by playwright-core:
// it opens the page, plays moves by clicking cells (two-mark turns one cell at a time),
// checks every shown value and move list against the API (a morris game's against tbprobe
// itself too), uses the back button, a shared link and a typed board, and saves screenshots.
// quixo and dobutsu (their tables from the suite's TABLES) are played by two clicks a turn, the
// boards the page makes checked against boards worked out by hand.
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
  const start = Date.now();
  try {
    await body();
    console.log(`ok   ${name} (${((Date.now() - start) / 1000).toFixed(1)} s)`);
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
  assert.match(await page.textContent("#moves li"), /^The game is over/);
  await page.screenshot({ path: `${shots}/17-morris-over.png` });
  await page.click("#back");  // the back button takes the last turn back
  await page.waitForFunction(() => new URL(location.href).searchParams.get("board") === "OO./..O/X.../.../.XX:X");
  await expectMorrisShown("OO./..O/X.../.../.XX:X");
  await expectShownMatchesApi();
});

// ---- quixo and dobutsu: turns picked in two clicks (a piece, then where it goes), the targets
// ringed in their moves' outcome colours with their distances; the next board made by the page.
// The boards each click must lead to are written out here, worked by hand from SPEC 6.

// A game's canonical string from the server's list (a test table must be there).
async function gameNamed(prefix) {
  const { games } = await (await fetch(`${base}/api/v1/games`)).json();
  const found = games.find((g) => g.game.startsWith(prefix));
  assert.ok(found, `no ${prefix}...) tables in ${tables}: tests/build_tables.sh builds them`);
  return found.game;
}

// "X wins in 3 turns", "Gote wins in 78 plies", "draw": a result as the page words it.
function resultWords(r, game) {
  const [one, many] = game.startsWith("dobutsu") ? ["ply", "plies"] : ["turn", "turns"];
  return (r.winner === null ? "draw" : `${r.winner} wins`) +
         (r.turns === null ? "" : ` in ${r.turns} ${r.turns === 1 ? one : many}`);
}
// A move's outcome for the side that makes it, from the value of the position it leads to.
const outcomeOf = (value, mover) => (value === "Draw" ? "draw" : value.split(" ")[0] === mover ? "win" : "loss");

// The value, the result and every move's result and colour as the API gives them.
async function expectWordsMatchApi(game, api) {
  const winner = /^(\w+) win$/.exec(api.value);
  const over = !api.moves.length;
  assert.equal(await page.textContent("#value"),
               (over ? "Game over: " : "") + (winner ? `${winner[1]} wins` : "Draw"));
  assert.equal(await page.textContent("#to-move"), `To move: ${api.to_move}`);
  if (!over) assert.equal(await page.textContent("#result"), resultWords(api.result, game));
  const moves = await page.$$eval("#moves li[data-move]", (lis) =>
    lis.map((li) => [li.dataset.move, li.dataset.outcome, li.querySelector(".move-result").textContent]));
  assert.deepEqual(moves, api.moves.map((m) => [m.move, outcomeOf(m.value, api.to_move), resultWords(m.result, game)]));
  if (over) assert.match(await page.textContent("#moves li"), /^The game is over/);
}

// The squares the pieces that can move stand on are the clickable ones (none else); once one is
// clicked, exactly its moves' targets are ringed, each in its outcome's colour with its distance.
async function expectPickable(api) {
  const from = [...new Set(api.moves.map((m) => m.move.split("-")[0]).filter((f) => !f.includes("*")))].sort();
  assert.deepEqual(await page.$$eval(".board .cell.playable", (c) => c.map((e) => e.dataset.cell).sort()), from);
}
async function expectTargets(api, prefix) {
  const want = api.moves.filter((m) => m.move.startsWith(prefix)).map((m) =>
    [m.move.replace(prefix, "").replace("+", ""), m.move, outcomeOf(m.value, api.to_move),
     m.result.turns === null ? "draw" : String(m.result.turns)]).sort();
  assert.ok(want.length, `no move starts with ${prefix}`);
  await page.waitForSelector(".cell.target");
  const shown = await page.$$eval(".cell.target", (cells) => cells.map((c) =>
    [c.dataset.cell, c.dataset.target, c.dataset.outcome, c.querySelector(".dist").textContent]).sort());
  assert.deepEqual(shown, want);
  // The ring's colour is the outcome's (--win, --draw, --loss).
  const colours = await page.$$eval(".cell.target", (cells) => cells.map((c) => [c.dataset.outcome,
    getComputedStyle(c).boxShadow, getComputedStyle(c.querySelector(".dist")).backgroundColor]));
  const rgb = { win: "rgb(31, 157, 85)", draw: "rgb(138, 148, 166)", loss: "rgb(214, 69, 69)" };
  for (const [outcome, ring, badge] of colours) {
    assert.ok(ring.includes(rgb[outcome]), `${outcome} ring ${ring}`);
    assert.equal(badge, rgb[outcome]);
  }
}

// Plays one move by its two clicks (a piece on the board, or in hand: "C*"; then its target)
// and waits for the board the move must lead to.
async function playByClicks(api, move, next, shot) {
  const drop = /^([GEC])\*(\w\d)$/.exec(move);
  const [first, to] = drop ? [drop[1] + "*", drop[2]] : [move.split("-")[0], move.split("-")[1].replace("+", "")];
  if (drop) await page.click(`.dobutsu-hand.moving .hand-piece[data-piece="${drop[1]}"]`);
  else await page.click(`.board .cell[data-cell="${first}"]`);
  await expectTargets(api, drop ? first : first + "-");
  assert.notEqual(boardOf(), next);  // the first click plays nothing
  if (shot) await page.screenshot({ path: `${shots}/${shot}` });
  await page.click(`.board .cell[data-cell="${to}"]`);
  await page.waitForFunction((b) => new URL(location.href).searchParams.get("board") === b, next);
}

// The cubes as drawn, the rim apart from the middle.
async function expectQuixoShown(board) {
  const [rows] = board.split(":");
  const size = rows.split("/").length;
  const want = rows.replaceAll("/", "").split("").map((c, i) =>
    [String.fromCharCode(97 + (i % size)) + (Math.floor(i / size) + 1), c.replace(".", "")]);
  await page.waitForFunction((w) => JSON.stringify([...document.querySelectorAll(".board.quixo .cell")]
    .map((c) => [c.dataset.cell, c.dataset.mark])) === w, JSON.stringify(want), { timeout: 5000 }).catch(() => {});
  assert.deepEqual(await page.$$eval(".board.quixo .cell", (cells) => cells.map((c) => [c.dataset.cell, c.dataset.mark])), want);
  assert.equal(await page.$$eval(".board.quixo .cell.inner", (c) => c.length), (size - 2) ** 2);
}

await test("quixo: rim cubes pushed in by two clicks, played to the end of a game", async () => {
  const game = await gameNamed("quixo(size=3,");
  await page.goto(`${base}/?game=${encodeURIComponent(game)}`);
  let board = ".../.../...:X";
  await page.waitForFunction((b) => new URL(location.href).searchParams.get("board") === b, board);
  let api = await expectShownMatchesApi();
  await expectWordsMatchApi(game, api);
  await expectQuixoShown(board);
  await expectPickable(api);
  // a1 picked, put back, picked again; pushed in at c1: the row shifts toward the hole.
  await page.click('.cell[data-cell="a1"]');
  await page.waitForSelector('.cell.pending[data-cell="a1"]');
  await expectTargets(api, "a1-");
  await page.click('.cell[data-cell="a1"]');
  await page.waitForFunction(() => !document.querySelector(".cell.pending, .cell.target"));
  const line = [["a1-c1", "..X/.../...:O"], ["a1-a3", "..X/.../O..:X"], ["a1-c1", ".XX/.../O..:O"],
                ["c3-c1", ".XO/..X/O..:X"]];
  for (const [i, [move, next]] of line.entries()) {
    await playByClicks(api, move, next, i === 2 ? "18-quixo-picked.png" : null);
    board = next;
    api = await expectShownMatchesApi();
    await expectWordsMatchApi(game, api);
    await expectQuixoShown(board);
    await expectPickable(api);  // the other side's cubes and the middle are not taken
  }
  await page.screenshot({ path: `${shots}/19-quixo.png` });
  // On to the end, best move each time: the winner hurries, the loser delays; the pushes are
  // the page's (its board checked against the API's answer for it).
  assert.notEqual(api.result.winner, null, "the line leads to a decided position");
  let turns = api.result.turns;
  while (api.moves.length) {
    const before = boardOf(), best = api.moves[0].move;
    await page.click(`.cell[data-cell="${best.split("-")[0]}"]`);
    await page.click(`.cell[data-cell="${best.split("-")[1]}"]`);
    await page.waitForFunction((b) => new URL(location.href).searchParams.get("board") !== b, before);
    api = await expectShownMatchesApi();
    await expectWordsMatchApi(game, api);
    turns--;
  }
  assert.equal(turns, 0);
  assert.match(await page.textContent("#value"), /^Game over: [XO] wins$/);
  assert.equal(await page.$$eval(".cell.playable", (c) => c.length), 0);
  await page.screenshot({ path: `${shots}/20-quixo-over.png` });
});

await test("quixo: a 4x4 board, a cube whose ends win, draw and lose, pushed along its column", async () => {
  const game = await gameNamed("quixo(size=4,");
  const board = "OO../.OXX/..X./....:X";
  await page.goto(`${base}/?game=${encodeURIComponent(game)}&board=${encodeURIComponent(board)}`);
  let api = await expectShownMatchesApi();
  await expectWordsMatchApi(game, api);
  await expectQuixoShown(board);
  await expectPickable(api);
  assert.deepEqual(api.moves.filter((m) => m.move.startsWith("b4-")).map((m) => outcomeOf(m.value, "X")).sort(),
                   ["draw", "loss", "win"]);
  await playByClicks(api, "b4-b1", "OX../.OXX/.OX./....:O", "21-quixo-4-picked.png");  // O's cubes down
  api = await expectShownMatchesApi();
  await expectWordsMatchApi(game, api);
  await expectQuixoShown("OX../.OXX/.OX./....:O");
});

// A Dobutsu board as drawn: each square's piece (uppercase sente's, lowercase gote's, a hen
// H or h) and each hand's pieces with their counts, read from the SFEN here.
function sfenSquares(sfen) {
  const squares = [];
  for (const m of sfen.split(" ")[0].replaceAll("/", "").matchAll(/\+?[a-zA-Z]|\d/g))
    if (/\d/.test(m[0])) squares.push(...Array(+m[0]).fill(""));
    else squares.push(m[0] === "+C" ? "H" : m[0] === "+c" ? "h" : m[0]);
  return squares.map((p, i) => [String.fromCharCode(97 + (i % 3)) + (Math.floor(i / 3) + 1), p]);
}
function sfenHands(sfen) {
  const hands = { Sente: [], Gote: [] };
  for (const [, n, c] of (sfen.split(" ")[2] === "-" ? "" : sfen.split(" ")[2]).matchAll(/(2?)([a-zA-Z])/g))
    hands[c === c.toUpperCase() ? "Sente" : "Gote"].push([c.toUpperCase(), n || "1"]);
  return hands;
}
async function expectDobutsuShown(sfen) {
  const drawn = () => ({  // run in the page
    squares: [...document.querySelectorAll(".board.dobutsu .cell")].map((c) => [c.dataset.cell, c.dataset.piece]),
    hands: Object.fromEntries(["Sente", "Gote"].map((side) => [side,
      [...document.querySelectorAll(`.dobutsu-hand[data-side="${side}"] .hand-piece`)]
        .map((p) => [p.dataset.piece, p.dataset.count])])),
  });
  const want = { squares: sfenSquares(sfen), hands: sfenHands(sfen) };
  await page.waitForFunction(`JSON.stringify((${drawn})()) === ${JSON.stringify(JSON.stringify(want))}`, null,
                             { timeout: 5000 }).catch(() => {});
  assert.deepEqual(await page.evaluate(drawn), want);
  // Every piece drawn with its animal, coloured by its owner; gote's turned round (a rotation
  // by 180 degrees: the matrix (-1, 0, 0, -1)), sente's upright; a hen as a hen.
  const tiles = await page.$$eval(".board.dobutsu .cell .piece, .dobutsu-hand .piece", (els) => els.map((el) => {
    const s = getComputedStyle(el), m = /matrix\(([^,]+), [^,]+, [^,]+, ([^,]+),/.exec(s.transform);
    return { sente: el.classList.contains("sente"), colour: s.borderTopColor, turned: !!m && +m[1] < -0.99 && +m[2] < -0.99,
             letter: el.querySelector(".letter").textContent, animal: el.querySelector(".animal").textContent,
             hen: el.classList.contains("hen"), steps: el.querySelectorAll(".step").length };
  }));
  const animals = { L: ["lion", 8], G: ["giraffe", 4], E: ["elephant", 4], C: ["chick", 1], H: ["hen", 6] };
  for (const t of tiles) {
    assert.equal(t.colour, t.sente ? "rgb(36, 87, 197)" : "rgb(209, 69, 43)");
    assert.equal(t.turned, !t.sente, `gote's pieces, and only they, turned round: ${JSON.stringify(t)}`);
    assert.deepEqual([t.animal, t.steps], animals[t.letter]);
    assert.equal(t.hen, t.letter === "H");
  }
}

await test("dobutsu: the start drawn as a shogi board, a capture, a recapture and a drop", async () => {
  const game = await gameNamed("dobutsu(");
  await page.goto(`${base}/?game=${encodeURIComponent(game)}`);
  let board = "gle/1c1/1C1/ELG b -";
  await page.waitForFunction((b) => new URL(location.href).searchParams.get("board") === b, board);
  let api = await expectShownMatchesApi();
  await expectWordsMatchApi(game, api);
  assert.equal(await page.textContent("#value"), "Gote wins");  // Tanaka (2009): 78 plies
  assert.equal(await page.textContent("#result"), `Gote wins in ${api.result.turns} plies`);
  await expectDobutsuShown(board);
  assert.ok(await page.isVisible("#legend-draw"), "dobutsu can be drawn");
  // Gote's hand above the board, sente's below; rank 1 at the top, file a at the left.
  const box = (sel) => page.$eval(sel, (el) => el.getBoundingClientRect().toJSON());
  const [gote, grid, sente, a1, c4] = await Promise.all([
    '.dobutsu-hand[data-side="Gote"]', ".board.dobutsu", '.dobutsu-hand[data-side="Sente"]',
    '.cell[data-cell="a1"]', '.cell[data-cell="c4"]'].map(box));
  assert.ok(gote.bottom <= grid.top && sente.top >= grid.bottom, "gote's hand above, sente's below");
  assert.ok(a1.top < c4.top && a1.left < c4.left);
  await expectPickable(api);
  await page.screenshot({ path: `${shots}/22-dobutsu-start.png` });
  const line = [["b3-b2", "gle/1C1/3/ELG w C"],     // sente's chick takes gote's
                ["b1-b2", "g1e/1l1/3/ELG b Cc"],    // gote's lion takes it back
                ["C*b3", "g1e/1l1/1C1/ELG w c"]];   // sente drops the chick it holds
  for (const [move, next] of line) {
    await playByClicks(api, move, next, move === "C*b3" ? "23-dobutsu-drop-picked.png" : null);
    board = next;
    api = await expectShownMatchesApi();
    await expectWordsMatchApi(game, api);
    await expectDobutsuShown(board);
    await expectPickable(api);
  }
  await page.screenshot({ path: `${shots}/24-dobutsu-after-drop.png` });
});

await test("dobutsu: a typed board, a chick promoted, the hen taken back as a chick", async () => {
  const game = await gameNamed("dobutsu(");
  await page.fill("#board-input", "1le/C2/3/EL1 b Ggc");
  await page.press("#board-input", "Enter");
  let board = "1le/C2/3/EL1 b Ggc";
  await page.waitForFunction((b) => new URL(location.href).searchParams.get("board") === b, board);
  let api = await expectShownMatchesApi();
  await expectWordsMatchApi(game, api);
  await expectDobutsuShown(board);
  assert.ok(api.moves.some((m) => m.move === "a2-a1+"), "the promotion is a move");
  await playByClicks(api, "a2-a1+", "+Cle/3/3/EL1 w Ggc", "25-dobutsu-promotion-picked.png");
  api = await expectShownMatchesApi();
  await expectWordsMatchApi(game, api);
  await expectDobutsuShown("+Cle/3/3/EL1 w Ggc");
  await page.screenshot({ path: `${shots}/26-dobutsu-hen.png` });
  await playByClicks(api, "b1-a1", "l1e/3/3/EL1 b Gg2c");
  api = await expectShownMatchesApi();
  await expectWordsMatchApi(game, api);
  await expectDobutsuShown("l1e/3/3/EL1 b Gg2c");
});

await test("dobutsu: the lion taken, and a try, end the game", async () => {
  const game = await gameNamed("dobutsu(");
  await page.goto(`${base}/?game=${encodeURIComponent(game)}&board=${encodeURIComponent("1l1/1G1/3/1L1 b ECgec")}`);
  const api = await expectShownMatchesApi();
  await expectWordsMatchApi(game, api);
  assert.equal(api.moves[0].move, "b2-b1");  // the giraffe takes the lion: won at once
  // No position follows the lion's capture that the API answers (its board has one lion): the
  // page says the game is over itself.
  const after = "1G1/3/3/1L1 w ECgec";
  assert.equal((await fetch(`${base}/api/v1/probe?game=${encodeURIComponent(game)}&board=${encodeURIComponent(after)}`)).status, 400);
  await playByClicks(api, "b2-b1", after);
  const over = async () => {
    await page.waitForFunction(() => document.getElementById("value").textContent.startsWith("Game over"));
    assert.equal(await page.textContent("#value"), "Game over: Sente wins");
    assert.equal(await page.textContent("#to-move"), "To move: Gote");
    assert.equal(await page.textContent("#moves li"), "The game is over: Sente took Gote's lion.");
    assert.equal(await page.$$eval(".cell.playable, .hand-piece.playable", (c) => c.length), 0);
    await expectDobutsuShown(after);
  };
  await over();
  await page.screenshot({ path: `${shots}/27-dobutsu-lion-taken.png` });
  await page.reload();  // the link reopens it
  await over();
  // Sente's lion on rank 1, unattacked: a try made; gote has lost.
  await page.goto(`${base}/?game=${encodeURIComponent(game)}&board=${encodeURIComponent("L1l/3/3/3 w 2G2E2C")}`);
  const tried = await expectShownMatchesApi();
  await expectWordsMatchApi(game, tried);
  assert.equal(await page.textContent("#value"), "Game over: Sente wins");
  await expectDobutsuShown("L1l/3/3/3 w 2G2E2C");
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
