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
  const n = intParam(params, 'n', 4);
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
  // For each move of the probe, every push that gives its position (pushes
  // from different cubes can give the same board).
  let pushes: Push[][] = [];
  let labels: (Push | null)[] = [];
  let selected: number | null = null;
  const has = (list: Push[], from: number | null, to?: number) =>
    list.some((p) => p.from === from && (to === undefined || p.to === to));

  const pushesOf = (probe: Probe): Push[][] => {
    const byCells = new Map<string, Push[]>();
    for (let from = 0; from < n * n; from++) {
      const cube = current.cells[from];
      if (!onBorder(from) || (cube !== '.' && cube !== current.side)) continue;
      for (const to of ends(from)) {
        const after = push(current.cells, current.side, { from, to });
        byCells.set(after, [...(byCells.get(after) ?? []), { from, to }]);
      }
    }
    // Moves that give one board are listed once per push: the k-th of them
    // is labelled by the k-th push (labels[]), all of them accept every push.
    const seen = new Map<string, number>();
    labels = [];
    return (probe.moves ?? []).map((m) => {
      const cells = m.position === null ? '' : parse(m.position).cells;
      const list = byCells.get(cells) ?? [];
      const k = seen.get(cells) ?? 0;
      seen.set(cells, k + 1);
      labels.push(list.length ? list[k % list.length] : null);
      return list;
    });
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
          b.classList.toggle('target', selected !== null && pushes.some((list) => has(list, selected, cell)));
          b.classList.toggle('source', selected === null && pushes.some((list) => has(list, cell)));
        });
      buttons.forEach((button, cell) =>
        button.addEventListener('click', () => {
          if (selected !== null) {
            const index = pushes.findIndex((list) => has(list, selected, cell));
            if (index >= 0) return play(index);
          }
          selected = pushes.some((list) => has(list, cell)) && selected !== cell ? cell : null;
          if (selected === null) refuse(grid);
          mark();
        }),
      );
      mark();
    },
    label(move, index) {
      const p = labels[index];
      return p ? `${name(p.from)} → ${name(p.to)}` : move.name ?? move.position ?? `move ${index + 1}`;
    },
    toMove: (position) => `${parse(position).side.toUpperCase()} to move`,
    destroy: () => el.replaceChildren(),
  };
};
