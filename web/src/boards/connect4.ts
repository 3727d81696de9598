// Connect Four: the board column by column, bottom up, columns separated by
// '/' ("xo/x///"), or the moves as column numbers from 1 ("4453"); x moves first.
import type { ViewFactory } from './view';
import { element, findMove, intParam, refuse } from './view';

export function columnsOf(position: string, width: number): string[] {
  const columns: string[] = Array.from({ length: width }, () => '');
  if (position.includes('/')) {
    position.split('/').forEach((c, i) => {
      if (i < width) columns[i] = c;
    });
    return columns;
  }
  let discs = 0;
  for (const digit of position) {
    const column = Number(digit) - 1;
    if (column >= 0 && column < width) columns[column] += discs++ % 2 === 0 ? 'x' : 'o';
  }
  return columns;
}

const discCount = (columns: string[]) => columns.reduce((n, c) => n + c.length, 0);
const mover = (columns: string[]) => (discCount(columns) % 2 === 0 ? 'x' : 'o');

export const connect4View: ViewFactory = (el, params) => {
  const width = intParam(params, 'width', 4);
  const height = intParam(params, 'height', 4);
  let current: string[] = [];
  const normal = (p: string) => columnsOf(p, width).join('/');
  return {
    render(probe, play) {
      current = columnsOf(probe.position, width);
      el.replaceChildren();
      const board = element('div', 'connect4-board', el);
      board.style.gridTemplateColumns = `repeat(${width}, 1fr)`;
      current.forEach((discs, column) => {
        const button = element('button', 'column', board);
        button.dataset.column = String(column + 1);
        button.title = `drop in column ${column + 1}`;
        for (let row = height - 1; row >= 0; row--) {
          const disc = discs[row] ?? '.';
          element('span', `disc ${disc === '.' ? 'empty' : disc}`, button);
        }
        button.addEventListener('click', () => {
          if (discs.length >= height) return refuse(board);
          const after = current.map((c, i) => (i === column ? c + mover(current) : c));
          const index = findMove(probe, after.join('/'), normal);
          if (index < 0) return refuse(board);
          play(index);
        });
      });
    },
    label(move, index) {
      if (move.name) return move.name;
      if (move.position === null) return `move ${index + 1}`;
      const after = columnsOf(move.position, width);
      const column = after.findIndex((c, i) => c.length > (current[i]?.length ?? 0));
      return column < 0 ? move.position : `column ${column + 1}`;
    },
    toMove: (position) => `${mover(columnsOf(position, width)) === 'x' ? 'Red (x)' : 'Yellow (o)'} to move`,
    destroy: () => el.replaceChildren(),
  };
};
