// The page: pick a table, show a position, its value and moves, play moves.
import 'chessground/assets/chessground.base.css';
import 'chessground/assets/chessground.brown.css';
import 'chessground/assets/chessground.cburnett.css';
import './style.css';
import * as api from './api';
import type { Move, Probe, Stats, TableInfo } from './api';
import { bestFirst, describe, describeMove, forMover } from './values';
import { drawHistogram } from './histogram';
import type { BoardView, ViewFactory } from './boards/view';
import { chessView, exampleFen } from './boards/chess';
import { connect4View } from './boards/connect4';
import { gridView } from './boards/grid';
import { quixoView } from './boards/quixo';
import { textView } from './boards/text';

const views: Record<string, ViewFactory> = {
  chess: chessView,
  connect4: connect4View,
  tictactoe: gridView,
  quixo: quixoView,
};

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const tableSelect = $<HTMLSelectElement>('table');
const positionInput = $<HTMLInputElement>('position');
const boardEl = $('board');
const errorEl = $('error');
const logScale = $<HTMLInputElement>('log-scale');

let tables: TableInfo[] = [];
let table: TableInfo | null = null;
let view: BoardView | null = null;
let shown: Probe | null = null;
let stats: Stats | null = null;
const history: string[] = [];
let lastPlayed: Move | null = null; // the move that led to the position loading

function tableName(t: TableInfo): string {
  const params = Object.entries(t.params)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  return `${t.game}${params ? ` ${params}` : ''} (${t.kind})`;
}

// The table's start position, or for chess an example of its material.
function startOf(t: TableInfo): string | null {
  if (t.start !== null) return t.start;
  return t.game === 'chess' && t.params.material ? exampleFen(t.params.material) : null;
}

function showError(message: string | null): void {
  errorEl.hidden = message === null;
  errorEl.textContent = message ?? '';
}

// A counter the browser test waits on: it changes once an answer is shown.
let answers = 0;
function markLoaded(): void {
  document.body.dataset.loaded = String(++answers);
}

function remember(): void {
  const url = new URL(window.location.href);
  if (table) url.searchParams.set('table', table.file);
  if (shown) url.searchParams.set('position', shown.position);
  window.history.replaceState(null, '', url);
}

function renderProbe(probe: Probe, failure: string | null = null): void {
  shown = probe;
  positionInput.value = probe.position;
  document.body.dataset.position = probe.position;
  view?.render(probe, play);
  $('to-move').textContent = view?.toMove(probe.position) ?? '';
  const valueEl = $('value');
  if (probe.value) {
    valueEl.textContent = `${describe(probe.value)} for the side to move`;
    valueEl.dataset.outcome = probe.value.outcome ?? '';
    valueEl.dataset.plies = probe.value.plies === undefined ? '' : String(probe.value.plies);
  } else if (failure !== null) {
    // chess KvK and the like: no table, but the move that led here had a value.
    valueEl.textContent = lastPlayed ? `no table here; the move played: ${describe(lastPlayed.value)}` : 'no value';
    valueEl.dataset.outcome = '';
    valueEl.dataset.plies = '';
  } else {
    const { position: _p, moves: _m, ...rest } = probe;
    valueEl.textContent = JSON.stringify(rest);
    valueEl.dataset.outcome = '';
    valueEl.dataset.plies = '';
  }
  valueEl.title = probe.stored_as ? `stored as ${probe.stored_as}` : '';
  const list = $('moves');
  list.replaceChildren();
  const moves = probe.moves ?? [];
  if (moves.length === 0 && failure === null) list.innerHTML = '<li class="none">no moves: the game is over</li>';
  for (const { move, index } of bestFirst(moves)) {
    const li = document.createElement('li');
    li.dataset.index = String(index);
    li.dataset.outcome = forMover(move.value).outcome ?? '';
    li.dataset.plies = move.value.plies === undefined ? '' : String(move.value.plies);
    const button = document.createElement('button');
    button.className = 'move';
    button.textContent = view?.label(move, index) ?? String(index);
    button.disabled = move.position === null;
    if (move.position === null) button.title = 'this move leaves the table';
    button.addEventListener('click', () => play(index));
    const value = document.createElement('span');
    value.className = 'move-value';
    value.textContent = describeMove(move.value);
    li.append(button, ' ', value);
    list.appendChild(li);
  }
  remember();
}

async function load(position: string, played: Move | null = null): Promise<void> {
  if (!table) return;
  lastPlayed = played;
  const wanted = table;
  try {
    const probe = await api.probe(wanted, position);
    if (wanted !== table) return;
    showError(null);
    renderProbe(probe);
  } catch (e) {
    if (wanted !== table) return;
    const message = e instanceof Error ? e.message : String(e);
    showError(message);
    // The board shows the position asked for, even one the server cannot
    // value (chess KvK has no table), so it never disagrees with the page.
    renderProbe({ position, moves: [] }, message);
  } finally {
    markLoaded();
  }
}

function play(index: number): void {
  const move = shown?.moves?.[index];
  if (!shown || !move || move.position === null) return;
  history.push(shown.position);
  view?.played?.(move);
  void load(move.position, move);
}

function drawStats(): void {
  const caption = $('stats-caption');
  if (!stats) {
    caption.textContent = '';
    $('histogram').replaceChildren();
    return;
  }
  const c = stats.counts ?? {};
  const counts = ['wins', 'draws', 'losses']
    .filter((k) => c[k] !== undefined)
    .map((k) => `${c[k].toLocaleString('en')} ${k}`)
    .concat(c.max_depth !== undefined ? [`longest ${c.max_depth} plies`] : [])
    .join(', ');
  caption.textContent = `${(stats.legal ?? 0).toLocaleString('en')} positions${counts ? `: ${counts}` : ''}`;
  if (stats.histogram) drawHistogram($('histogram'), stats.histogram, logScale.checked);
  else $('histogram').textContent = 'this kind of table has no depth histogram';
}

async function chooseTable(file: string, position: string | null): Promise<void> {
  table = tables.find((t) => t.file === file) ?? tables[0] ?? null;
  if (!table) return;
  tableSelect.value = table.file;
  view?.destroy();
  view = (views[table.game] ?? textView)(boardEl, table.params);
  boardEl.dataset.game = views[table.game] ? table.game : 'text';
  history.length = 0;
  shown = null;
  stats = null;
  drawStats();
  const current = table;
  const first = position ?? startOf(table);
  if (first === null) {
    positionInput.value = '';
    positionInput.placeholder = table.game === 'chess' ? 'a FEN of this table, then Enter' : 'a position, then Enter';
    $('value').textContent = 'type a position';
    $('moves').replaceChildren();
    view.render({ position: '', moves: [] }, play);
    markLoaded();
  } else await load(first);
  $('histogram').textContent = 'counting the table…';
  try {
    const s = await api.stats(current);
    if (current === table) {
      stats = s;
      drawStats();
    }
  } catch (e) {
    if (current === table) $('histogram').textContent = `no statistics: ${e instanceof Error ? e.message : e}`;
  }
}

async function start(): Promise<void> {
  try {
    tables = await api.tables();
  } catch (e) {
    showError(`cannot list the tables: ${e instanceof Error ? e.message : e}`);
    return;
  }
  if (tables.length === 0) {
    showError('the server has no tables');
    return;
  }
  for (const t of tables) tableSelect.add(new Option(tableName(t), t.file));
  tableSelect.addEventListener('change', () => void chooseTable(tableSelect.value, null));
  $('position-form').addEventListener('submit', (e) => {
    e.preventDefault();
    if (shown) history.push(shown.position);
    view?.played?.(null);
    void load(positionInput.value.trim());
  });
  $('start').addEventListener('click', () => {
    if (shown) history.push(shown.position);
    view?.played?.(null);
    const first = table ? startOf(table) : null;
    if (first !== null) void load(first);
  });
  $('back').addEventListener('click', () => {
    const previous = history.pop();
    view?.played?.(null);
    if (previous !== undefined) void load(previous);
  });
  logScale.addEventListener('change', drawStats);
  const url = new URL(window.location.href);
  await chooseTable(url.searchParams.get('table') ?? '', url.searchParams.get('position'));
}

void start();
