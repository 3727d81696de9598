// Quixo: the side to move, a colon, the cells row by row ("x:....").
// A move takes a blank or own border cube and pushes it back in, as the
// mover's cube, from another end of its row or column: click the cube, then
// the end where it goes back in.
import type { Probe } from '../api';
import type { ViewFactory } from './view';
import { element, intParam, refuse } from './view';

interface Push {
  from: number;
  to: number;
}

function parse(position: string): { side: string; cells: string } {
  const colon = position.indexOf(':');
  return colon < 0 ? { side: 'x', cells: position } : { side: position.slice(0, colon), cells: position.slice(colon + 1) };
}

export const quixoView: ViewFactory = (el, params) => {
  const n = intParam(params, 'n', 5);
  const name = (cell: number) => `${String.fromCharCode(97 + (cell % n))}${Math.floor(cell / n) + 1}`;
  const onBorder = (cell: number) => {
    const r = Math.floor(cell / n);
    const c = cell % n;
    return r === 0 || c === 0 || r === n - 1 || c === n - 1;
  };
  // The ends of from's row and column, other than from itself.
  const ends = (from: number) => {
    const r = Math.floor(from / n);
    const c = from % n;
    return [...new Set([r * n, r * n + n - 1, c, (n - 1) * n + c])].filter(
      (e) => e !== from && (Math.floor(e / n) === r || e % n === c),
    );
  };
  const push = (cells: string, side: string, { from, to }: Push) => {
    const a = [...cells];
    const step = Math.floor(from / n) === Math.floor(to / n) ? 1 : n;
    const dir = to < from ? -step : step;
    for (let i = from; i !== to; i += dir) a[i] = a[i + dir];
    a[to] = side;
    return a.join('');
  };
  let current = parse('');
  let pushes: (Push | null)[] = [];
  let selected: number | null = null;

  const pushesOf = (probe: Probe): (Push | null)[] => {
    const byCells = new Map<string, Push>();
    for (let from = 0; from < n * n; from++) {
      const cube = current.cells[from];
      if (!onBorder(from) || (cube !== '.' && cube !== current.side)) continue;
      for (const to of ends(from)) {
        const after = push(current.cells, current.side, { from, to });
        if (!byCells.has(after)) byCells.set(after, { from, to });
      }
    }
    return (probe.moves ?? []).map((m) => (m.position === null ? null : byCells.get(parse(m.position).cells) ?? null));
  };

  return {
    render(probe, play) {
      current = parse(probe.position);
      pushes = pushesOf(probe);
      selected = null;
      el.replaceChildren();
      if (current.cells.length !== n * n) {
        element('pre', 'text-board', el).textContent = probe.position;
        return;
      }
      const grid = element('div', 'grid-board quixo', el);
      grid.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
      const buttons = [...current.cells].map((c, cell) => {
        const button = element('button', `cell ${c === '.' ? 'empty' : c}`, grid);
        button.dataset.cell = String(cell);
        button.title = name(cell);
        button.textContent = c === '.' ? '' : c.toUpperCase();
        return button;
      });
      const mark = () =>
        buttons.forEach((b, cell) => {
          b.classList.toggle('selected', cell === selected);
          b.classList.toggle('target', pushes.some((p) => p && p.from === selected && p.to === cell));
          b.classList.toggle('source', selected === null && pushes.some((p) => p && p.from === cell));
        });
      buttons.forEach((button, cell) =>
        button.addEventListener('click', () => {
          if (selected !== null) {
            const index = pushes.findIndex((p) => p && p.from === selected && p.to === cell);
            if (index >= 0) return play(index);
          }
          selected = pushes.some((p) => p && p.from === cell) && selected !== cell ? cell : null;
          if (selected === null) refuse(grid);
          mark();
        }),
      );
      mark();
    },
    label(move, index) {
      const p = pushes[index];
      return p ? `${name(p.from)} → ${name(p.to)}` : move.name ?? move.position ?? `move ${index + 1}`;
    },
    toMove: (position) => `${parse(position).side.toUpperCase()} to move`,
    destroy: () => el.replaceChildren(),
  };
};
