// Words, colours and order of values.
import type { Move, Value } from './api';

export function describe(v: Value | undefined): string {
  if (!v) return 'unknown';
  if (v.value !== undefined) return `Grundy value ${v.value}${v.outcome ? ` (${v.outcome})` : ''}`;
  if (v.outcome === 'draw') return 'draw';
  if (v.outcome === undefined) return 'unknown';
  if (v.plies === 0) return v.outcome === 'loss' ? 'lost: the game is over' : `${v.outcome}: the game is over`;
  return v.plies === undefined ? v.outcome : `${v.outcome} in ${v.plies} ${v.plies === 1 ? 'ply' : 'plies'}`;
}

// Higher is better for the player the value belongs to: the quickest win,
// then draws, then the longest defence.
export function score(v: Value | undefined): number {
  if (!v || v.outcome === undefined) return -3e9;
  const plies = v.plies ?? 0;
  if (v.outcome === 'win') return 2e9 - plies;
  if (v.outcome === 'loss') return -2e9 + plies;
  return 0;
}

// A move's value for the player who makes it. Win/draw/loss moves carry it
// already; a Grundy table's moves carry the value of the position they
// leave, for the player to move there: for the mover a move to 0 wins and
// any other loses (in this game alone).
export function forMover(v: Value): Value {
  if (v.value === undefined) return v;
  const flipped: Record<string, string> = { win: 'loss', loss: 'win' };
  return { ...v, outcome: v.outcome === undefined ? undefined : (flipped[v.outcome] ?? v.outcome) };
}

export function describeMove(v: Value | undefined): string {
  if (v?.value === undefined) return describe(v);
  const outcome = forMover(v).outcome;
  return `leaves Grundy value ${v.value}${outcome ? ` (${outcome} for the mover)` : ''}`;
}

// Stable: equal values keep the order the JSON gives them.
export function bestFirst(moves: Move[]): { move: Move; index: number }[] {
  return moves
    .map((move, index) => ({ move, index }))
    .sort((a, b) => score(forMover(b.move.value)) - score(forMover(a.move.value)) || a.index - b.index);
}
