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

// A quiet legal position of a material signature ("KQvKR"), white to move,
// for a chess table that has no start position: pieces placed by a fixed
// pseudo-random sequence until chess.js finds neither king in check.
export function exampleFen(material: string): string | null {
  const sides = material.toUpperCase().split('V');
  if (sides.length !== 2 || !/^K[QRBNP]*$/.test(sides[0]) || !/^K[QRBNP]*$/.test(sides[1])) return null;
  const pieces = [...sides[0]].concat([...sides[1]].map((p) => p.toLowerCase()));
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 64;
  for (let attempt = 0; attempt < 500; attempt++) {
    const board: (string | null)[] = Array(64).fill(null);
    const placed = pieces.every((piece) => {
      for (let tries = 0; tries < 64; tries++) {
        const square = next();
        const rank = Math.floor(square / 8);
        if (board[square] || (piece.toUpperCase() === 'P' && (rank === 0 || rank === 7))) continue;
        board[square] = piece;
        return true;
      }
      return false;
    });
    if (!placed) continue;
    const rows = Array.from({ length: 8 }, (_, r) =>
      board
        .slice((7 - r) * 8, (7 - r) * 8 + 8)
        .map((p) => p ?? '1')
        .join('')
        .replace(/1+/g, (ones) => String(ones.length)),
    ).join('/');
    try {
      const white = new Chess(`${rows} w - - 0 1`);
      const black = new Chess(`${rows} b - - 0 1`);
      if (!white.inCheck() && !black.inCheck() && !white.isGameOver()) return `${rows} w - - 0 1`;
    } catch {
      // kings side by side, or another placement chess.js refuses: try again
    }
  }
  return null;
}
