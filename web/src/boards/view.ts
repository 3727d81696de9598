// A board view draws one game's positions and turns clicks into moves.
import type { Move, Params, Probe } from '../api';

export interface BoardView {
  // Draws probe.position; play(i) plays probe.moves[i].
  render(probe: Probe, play: (moveIndex: number) => void): void;
  // The move's name in the move list.
  label(move: Move, index: number): string;
  // Who moves in this position, in the game's words.
  toMove(position: string): string;
  // The move that led to the next render (null: a position typed or gone back to).
  played?(move: Move | null): void;
  destroy(): void;
}

export type ViewFactory = (el: HTMLElement, params: Params) => BoardView;

// A position to begin with where a table has no start (chess).
export type Example = (params: Params) => string | null;

export function intParam(params: Params, key: string, fallback: number): number {
  const v = Number.parseInt(params[key] ?? '', 10);
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

// The move whose resulting position equals `wanted` after normalising both.
export function findMove(probe: Probe, wanted: string, normal: (p: string) => string): number {
  const key = normal(wanted);
  return (probe.moves ?? []).findIndex((m) => m.position !== null && normal(m.position) === key);
}

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  parent?: HTMLElement,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.className = className;
  parent?.appendChild(e);
  return e;
}

// Where a click found no move: a short flash of the board.
export function refuse(el: HTMLElement): void {
  el.classList.remove('refused');
  void el.offsetWidth;
  el.classList.add('refused');
}
