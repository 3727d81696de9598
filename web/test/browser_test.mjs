// Browser test of the web page: generates four tables with tbgen, starts a
// real tbserve over them, drives Debian's chromium with playwright-core,
// plays moves by clicking and checks that the page shows what tbprobe --json
// says. Screenshots are kept in --work.
//
// node browser_test.mjs --tbgen T --tbprobe P --tbserve S --web DIST --work DIR
//   (--tbserve mock: a node stand-in, test/mock_server.mjs, for development)
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
for (const need of ['tbgen', 'tbprobe', 'tbserve', 'web', 'work'])
  if (!args[need]) throw new Error(`give --${need}`);
const chromiumPath = args.chromium ?? '/usr/bin/chromium';
const work = path.resolve(args.work);
const tables = path.join(work, 'tables');
mkdirSync(tables, { recursive: true });

let failures = 0;
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
}

function tbgen(game, ...params) {
  execFileSync(args.tbgen, ['--game', game, ...params.flatMap((p) => ['--param', p]), '--out', tables, '--force', '--quiet'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function tbprobe(game, params, position) {
  const out = execFileSync(args.tbprobe, [
    '--dir', tables, '--game', game, ...Object.entries(params).flatMap(([k, v]) => ['--param', `${k}=${v}`]),
    '--json', ...(position === null ? ['--stats'] : ['--position', position]),
  ]);
  return JSON.parse(out.toString().split('\n')[0]);
}

// Starts the server on a free port; resolves to its base URL.
function startServer() {
  const command =
    args.tbserve === 'mock'
      ? [process.execPath, [path.join(path.dirname(new URL(import.meta.url).pathname), 'mock_server.mjs'), args.tbprobe, tables, '0']]
      : [args.tbserve, ['--dir', tables, '--bind', '127.0.0.1:0', '--web', path.resolve(args.web)]];
  const server = spawn(command[0], command[1], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no "listening on" from the server: ${seen}`)), 20000);
    server.on('exit', (code) => reject(new Error(`the server exited with ${code}: ${seen}`)));
    server.stdout.on('data', (chunk) => {
      seen += chunk;
      const m = seen.match(/listening on (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve({ server, base: m[1].replace(/\/?$/, '/') });
      }
    });
  });
}

// What the page shows: its position, value and moves (best first).
const shown = (page) =>
  page.evaluate(() => ({
    position: document.body.dataset.position,
    outcome: document.getElementById('value').dataset.outcome,
    plies: document.getElementById('value').dataset.plies,
    value: document.getElementById('value').textContent,
    moves: [...document.querySelectorAll('#moves li[data-index]')].map((li) => ({
      index: Number(li.dataset.index),
      outcome: li.dataset.outcome,
      plies: li.dataset.plies,
      label: li.querySelector('button').textContent,
    })),
    error: document.getElementById('error').hidden ? null : document.getElementById('error').textContent,
  }));

// Runs action (a click) and waits until the page has fetched what it asked for.
async function settle(page, action) {
  const before = await page.evaluate(() => document.body.dataset.loaded ?? '');
  await action();
  await page.waitForFunction((b) => (document.body.dataset.loaded ?? '') !== b, before, { timeout: 10000 });
}

// The page's value and move list against tbprobe --json for the same position.
function compare(game, params, page, what) {
  const expected = tbprobe(game, params, page.position);
  const plies = expected.value.plies === undefined ? '' : String(expected.value.plies);
  check(page.error === null, `${what}: no error shown (${page.error})`);
  check(
    page.outcome === expected.value.outcome && page.plies === plies,
    `${what}: value ${page.outcome} ${page.plies} = tbprobe ${expected.value.outcome} ${plies} ("${page.value}")`,
  );
  check(page.moves.length === expected.moves.length, `${what}: ${page.moves.length} moves listed, tbprobe ${expected.moves.length}`);
  for (const m of page.moves) {
    const e = expected.moves[m.index].value;
    if (m.outcome !== e.outcome || m.plies !== (e.plies === undefined ? '' : String(e.plies)))
      check(false, `${what}: move ${m.label} shows ${m.outcome} ${m.plies}, tbprobe ${e.outcome} ${e.plies}`);
  }
  const rank = (v) => (v.outcome === 'win' ? 2e9 - Number(v.plies) : v.outcome === 'loss' ? -2e9 + Number(v.plies) : 0);
  check(page.moves.every((m, i) => i === 0 || rank(page.moves[i - 1]) >= rank(m)), `${what}: moves best first`);
  return expected;
}

async function screenshot(page, name) {
  const file = path.join(work, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(`screenshot: ${file}`);
}

async function chooseTable(page, game) {
  const file = await page.evaluate(
    (g) => [...document.querySelectorAll('#table option')].find((o) => o.textContent.startsWith(`${g} `))?.value,
    game,
  );
  check(file !== undefined, `the table list offers ${game}`);
  await settle(page, () => page.selectOption('#table', file));
  await page.waitForSelector('#histogram svg', { timeout: 10000 });
}

async function histogramMatches(page, game, params) {
  const stats = tbprobe(game, params, null);
  const bars = await page.$$eval('#histogram rect.bar', (rects) => rects.map((r) => Number(r.dataset.count)));
  const want = stats.histogram.flatMap((b) => [b.wins, b.losses]);
  check(JSON.stringify(bars) === JSON.stringify(want), `${game}: histogram has the ${want.length} bars of tbprobe --stats`);
}

async function ticTacToe(page) {
  const params = { m: '3', n: '3', k: '3' };
  await chooseTable(page, 'tictactoe');
  let s = await shown(page);
  compare('tictactoe', params, s, 'tic-tac-toe, empty board');
  check(s.outcome === 'draw', 'tic-tac-toe: the empty board is a draw');
  await histogramMatches(page, 'tictactoe', params);
  // X a1, O b1, X b2, O c1, X c3: X wins on the diagonal.
  for (const cell of [0, 1, 4, 2, 8]) {
    await settle(page, () => page.click(`#board .cell[data-cell="${cell}"]`));
    s = await shown(page);
    check(s.position[cell] !== '.', `tic-tac-toe: cell ${cell} was played (${s.position})`);
    compare('tictactoe', params, s, `tic-tac-toe after cell ${cell}`);
  }
  check(s.position === 'xoo.x...x', `tic-tac-toe: the final board is xoo.x...x (${s.position})`);
  // A click on a taken cell plays nothing.
  await page.click('#board .cell[data-cell="4"]');
  await page.waitForTimeout(300);
  check((await shown(page)).position === s.position, 'tic-tac-toe: a taken cell is no move');
  check(s.moves.length === 0 && s.outcome === 'loss', 'tic-tac-toe: game over, O (to move) has lost');
  await screenshot(page, 'browser_tictactoe');
}

async function connectFour(page) {
  const params = { width: '4', height: '4' };
  await chooseTable(page, 'connect4');
  let s = await shown(page);
  compare('connect4', params, s, 'Connect Four 4x4, empty board');
  for (const column of [2, 3, 2]) {
    await settle(page, () => page.click(`#board .column[data-column="${column}"]`));
    s = await shown(page);
    compare('connect4', params, s, `Connect Four after column ${column}`);
  }
  const heights = await page.$$eval('#board .column', (cols) => cols.map((c) => c.querySelectorAll('.disc:not(.empty)').length));
  check(JSON.stringify(heights) === '[0,2,1,0]', `Connect Four: discs per column ${JSON.stringify(heights)}`);
  // A move from the list: the best one.
  const best = s.moves[0];
  await settle(page, () => page.click('#moves li[data-index] button'));
  const after = await shown(page);
  const expected = tbprobe('connect4', params, s.position).moves[best.index].position;
  check(after.position === expected, `Connect Four: the best move from the list leads to ${expected} (${after.position})`);
  compare('connect4', params, after, 'Connect Four after the listed best move');
  await settle(page, () => page.click('#back'));
  check((await shown(page)).position === s.position, `Connect Four: Back returns to ${s.position}`);
  await settle(page, () => page.click('#moves li[data-index] button'));
  await screenshot(page, 'browser_connect4');
}

async function quixo(page) {
  const params = { n: '3' };
  await chooseTable(page, 'quixo');
  let s = await shown(page);
  compare('quixo', params, s, 'Quixo 3x3, empty board');
  // Take the cube b1 and push it back in from the bottom of its column (b3).
  await page.click('#board .cell[data-cell="1"]');
  const targets = await page.$$eval('#board .cell.target', (cells) => cells.map((c) => Number(c.dataset.cell)).sort());
  check(JSON.stringify(targets) === '[0,2,7]', `Quixo: b1 goes back in at a1, c1 or b3 (${JSON.stringify(targets)})`);
  await settle(page, () => page.click('#board .cell[data-cell="7"]'));
  s = await shown(page);
  check(s.position === 'o:.......x.', `Quixo: b1 pushed in from b3 gives o:.......x. (${s.position})`);
  compare('quixo', params, s, 'Quixo after b1 to b3');
  await screenshot(page, 'browser_quixo');
}

// Centre of a square on chessground's board, white at the bottom.
async function squareCentre(page, square) {
  const box = await page.locator('cg-board').boundingBox();
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]) - 1;
  return { x: box.x + (file + 0.5) * (box.width / 8), y: box.y + (7 - rank + 0.5) * (box.height / 8) };
}

// A Grundy table: the move to value 0 (the mover's win) comes first, and
// every move shows the value tbprobe gives the position it leaves.
async function grundy(page) {
  const file = await page.evaluate(
    () => [...document.querySelectorAll('#table option')].find((o) => o.value.endsWith('.grundy.rtb'))?.value,
  );
  check(file !== undefined, 'the table list offers the Grundy table');
  await settle(page, () => page.selectOption('#table', file));
  await page.fill('#position', '5');
  await settle(page, () => page.press('#position', 'Enter'));
  const s = await shown(page);
  const expected = JSON.parse(
    execFileSync(args.tbprobe, [
      '--dir', tables, '--game', 'octal', '--param', 'octal=0.77', '--param', 'heaps=12', '--solver', 'grundy',
      '--position', '5', '--json',
    ]).toString(),
  );
  check(s.error === null && s.value.includes(`Grundy value ${expected.value.value}`), `kayles 5: "${s.value}"`);
  const texts = await page.$$eval('#moves li[data-index] .move-value', (spans) => spans.map((e) => e.textContent));
  check(texts.length === expected.moves.length, `kayles 5: ${texts.length} moves, tbprobe ${expected.moves.length}`);
  check(
    s.moves.every((m, i) => texts[i] === `leaves Grundy value ${expected.moves[m.index].value.value}` +
      ` (${expected.moves[m.index].value.outcome === 'win' ? 'loss' : 'win'} for the mover)`),
    `kayles 5: each move shows the value tbprobe gives what it leaves (${texts.join('; ')})`,
  );
  check(expected.moves[s.moves[0].index].value.value === '0' && s.moves[0].outcome === 'win',
    'kayles 5: the move to Grundy value 0 comes first, a win for the mover');
  await screenshot(page, 'browser_grundy');
}

async function chess(page) {
  const params = { material: 'KQvK', metric: 'dtm' };
  await chooseTable(page, 'chess');
  const fen = '8/8/8/4k3/8/8/8/KQ6 w - - 0 1';
  await page.fill('#position', fen);
  await settle(page, () => page.press('#position', 'Enter'));
  let s = await shown(page);
  check(s.position === fen, `chess: the typed FEN is shown (${s.position})`);
  let expected = compare('chess', params, s, 'chess KQvK');
  await histogramMatches(page, 'chess', params);
  // The best move, dragged on the board as two clicks (origin, destination).
  const best = expected.moves[s.moves[0].index];
  const uci = best.name.split(' ')[1];
  for (const square of [uci.slice(0, 2), uci.slice(2, 4)]) {
    const p = await squareCentre(page, square);
    if (square === uci.slice(0, 2)) await page.mouse.click(p.x, p.y);
    else await settle(page, () => page.mouse.click(p.x, p.y));
  }
  s = await shown(page);
  check(s.position === best.position, `chess: ${best.name} on the board leads to ${best.position} (${s.position})`);
  expected = compare('chess', params, s, `chess after ${uci}`);
  const pieces = await page.$$eval('cg-board piece', (ps) => ps.length);
  check(pieces === 3, `chess: three pieces on the board (${pieces})`);
  // Black's reply from the move list.
  const reply = s.moves[0];
  await settle(page, () => page.click('#moves li[data-index] button'));
  s = await shown(page);
  check(s.position === expected.moves[reply.index].position, `chess: the listed reply ${reply.label} is played`);
  compare('chess', params, s, `chess after ${reply.label}`);
  await screenshot(page, 'browser_chess');
}

tbgen('tictactoe');
tbgen('connect4', 'width=4', 'height=4');
tbgen('chess', 'material=KQvK');
tbgen('quixo', 'n=3');
execFileSync(args.tbgen, ['--game', 'octal', '--param', 'octal=0.77', '--param', 'heaps=12', '--solver', 'grundy',
  '--out', tables, '--force', '--quiet'], { stdio: ['ignore', 'ignore', 'inherit'] });
const { server, base } = await startServer();
const profile = mkdtempSync(path.join(os.tmpdir(), 'rtb-chromium-'));
let context;
let page;
try {
  context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1100, height: 900 },
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (e) => check(false, `page error: ${e.message}`));
  await page.goto(base);
  await page.waitForSelector('#table option', { state: 'attached', timeout: 10000 });
  await ticTacToe(page);
  await connectFour(page);
  await quixo(page);
  await chess(page);
  await grundy(page);
} catch (e) {
  check(false, `the test ran to its end: ${e.stack ?? e}`);
  if (page) await screenshot(page, 'browser_failure').catch(() => {});
} finally {
  await context?.close();
  server.kill('SIGTERM');
  rmSync(profile, { recursive: true, force: true });
}
console.log(failures === 0 ? 'browser test: all checks passed' : `browser test: ${failures} checks failed`);
process.exit(failures === 0 ? 0 : 1);
