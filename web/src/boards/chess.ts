// Chess: lichess's board (chessground); chess.js lists the legal moves that
// chessground lets the user drag, and the move list names them by SAN.
import { Chessground } from 'chessground';
import type { Api } from 'chessground/api';
import type { Key } from 'chessground/types';
import { Chess, SQUARES } from 'chess.js';
import type { Move, Probe } from '../api';
import type { ViewFactory } from './view';
import { element, refuse } from './view';

// tbprobe names a chess move "Qd8+ d1d8": SAN, then UCI.
const uciOf = (m: Move) => m.name?.split(' ')[1];
const sanOf = (m: Move) => m.name?.split(' ')[0];

function dests(chess: Chess): Map<Key, Key[]> {
  const map = new Map<Key, Key[]>();
  for (const square of SQUARES) {
    const moves = chess.moves({ square, verbose: true });
    if (moves.length) map.set(square, moves.map((m) => m.to));
  }
  return map;
}

export const chessView: ViewFactory = (el) => {
  let ground: Api | null = null;
  let wrap: HTMLElement | null = null;
  let lastMove: Key[] | undefined;
  return {
    render(probe: Probe, play) {
      if (!wrap) {
        el.replaceChildren();
        wrap = element('div', 'chess-board', el);
      }
      let chess: Chess | null = null;
      try {
        chess = new Chess(probe.position);
      } catch {
        chess = null; // a FEN that chess.js refuses is still shown, with no moves
      }
      const turn = probe.position.split(' ')[1] === 'b' ? 'black' : 'white';
      const config = {
        fen: probe.position.split(' ')[0],
        turnColor: turn,
        lastMove,
        check: chess?.inCheck() ?? false,
        // Not viewOnly: chessground binds its mouse events only to a board
        // that was made movable, and this board lives across positions.
        movable: {
          free: false,
          color: chess ? turn : undefined,
          dests: chess ? dests(chess) : new Map(),
          showDests: true,
          events: {
            after: (orig: Key, dest: Key) => {
              const piece = chess?.get(orig as never);
              const promotes = piece?.type === 'p' && (dest[1] === '8' || dest[1] === '1');
              const uci = `${orig}${dest}${promotes ? 'q' : ''}`;
              const index = (probe.moves ?? []).findIndex((m) => uciOf(m) === uci);
              if (index < 0) {
                refuse(el);
                ground?.set({ fen: probe.position.split(' ')[0] });
                return;
              }
              play(index);
            },
          },
        },
        premovable: { enabled: false },
        animation: { enabled: true, duration: 150 },
      } as const;
      if (ground) ground.set(config);
      else ground = Chessground(wrap, config);
    },
    played(move) {
      lastMove = move ? squaresOf(move) : undefined;
    },
    label: (move, index) => sanOf(move) ?? move.position ?? `move ${index + 1}`,
    toMove: (position) => `${position.split(' ')[1] === 'b' ? 'Black' : 'White'} to move`,
    destroy() {
      ground?.destroy();
      ground = null;
      wrap = null;
      el.replaceChildren();
    },
  };
};

// The squares of a UCI move, for chessground's last-move highlight.
export function squaresOf(move: Move): Key[] | undefined {
  const uci = uciOf(move);
  return uci ? [uci.slice(0, 2) as Key, uci.slice(2, 4) as Key] : undefined;
}
