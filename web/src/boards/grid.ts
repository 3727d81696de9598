// m,n,k-games (tic-tac-toe): the board row by row with x, o and '.'; x moves first.
import type { Move } from '../api';
import type { ViewFactory } from './view';
import { element, findMove, intParam, refuse } from './view';

export function marker(position: string): 'x' | 'o' {
  let x = 0;
  let o = 0;
  for (const c of position) {
    if (c === 'x') x++;
    else if (c === 'o') o++;
  }
  return x > o ? 'o' : 'x';
}

function cellName(cell: number, columns: number): string {
  return `${String.fromCharCode(97 + (cell % columns))}${Math.floor(cell / columns) + 1}`;
}

export const gridView: ViewFactory = (el, params) => {
  const rows = intParam(params, 'm', 3);
  const columns = intParam(params, 'n', 3);
  const size = rows * columns;
  let current = '';
  return {
    render(probe, play) {
      current = probe.position;
      el.replaceChildren();
      if (current.length !== size) {
        element('pre', 'text-board', el).textContent = current;
        return;
      }
      const grid = element('div', 'grid-board', el);
      grid.style.gridTemplateColumns = `repeat(${columns}, 1fr)`;
      const mover = marker(current);
      [...current].forEach((c, cell) => {
        const button = element('button', `cell ${c === '.' ? 'empty' : c}`, grid);
        button.dataset.cell = String(cell);
        button.title = cellName(cell, columns);
        button.textContent = c === '.' ? '' : c.toUpperCase();
        button.addEventListener('click', () => {
          if (c !== '.') return refuse(grid);
          const after = current.slice(0, cell) + mover + current.slice(cell + 1);
          const index = findMove(probe, after, (p) => p);
          if (index < 0) return refuse(grid);
          play(index);
        });
      });
    },
    label(move: Move, index: number) {
      const p = move.position;
      if (p === null || p.length !== size) return move.name ?? p ?? `move ${index + 1}`;
      for (let cell = 0; cell < size; cell++)
        if (p[cell] !== current[cell]) return `${p[cell].toUpperCase()} ${cellName(cell, columns)}`;
      return p;
    },
    toMove: (position) => `${marker(position).toUpperCase()} to move`,
    destroy: () => el.replaceChildren(),
  };
};
