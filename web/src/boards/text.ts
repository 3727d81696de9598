// Any other game: the position as text; moves are played from the list.
import type { ViewFactory } from './view';
import { element } from './view';

export const textView: ViewFactory = (el) => ({
  render(probe) {
    el.replaceChildren();
    const pre = element('pre', 'text-board', el);
    pre.textContent = probe.position === '' ? '(empty position)' : probe.position;
  },
  label: (move, index) => move.name ?? move.position ?? `move ${index + 1} (leaves the table)`,
  toMove: () => '',
  destroy: () => el.replaceChildren(),
});
