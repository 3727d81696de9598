// The depth histogram as hand-made SVG: one stacked bar per depth, wins
// (green, below) and losses (red, above) for the side to move, on a linear
// or logarithmic axis. In a game where turns alternate a depth holds only
// wins (odd plies) or only losses (even plies), so most bars are one colour.
import type { HistogramBar } from './api';

const SVG = 'http://www.w3.org/2000/svg';
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

function node(tag: string, attrs: Record<string, string | number>, parent?: Element, text?: string): SVGElement {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  parent?.appendChild(e);
  return e;
}

// 1, 2, 5, 10, 20, 50 ... : round tick steps.
function niceStep(max: number, ticks: number): number {
  const raw = max / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? power * 10;
}

export function drawHistogram(el: HTMLElement, bars: HistogramBar[], log: boolean): void {
  el.replaceChildren();
  if (bars.length === 0) {
    el.textContent = 'no won or lost positions';
    return;
  }
  const width = 760;
  const height = 260;
  const left = 58;
  const bottom = 40;
  const top = 12;
  const right = 8;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const max = Math.max(1, ...bars.map((b) => b.wins + b.losses));
  const scale = log
    ? (v: number) => (v <= 0 ? 0 : (Math.log10(v) + 1) / (Math.log10(max) + 1))
    : (v: number) => v / max;
  const svg = node('svg', { viewBox: `0 0 ${width} ${height}`, class: 'histogram', role: 'img' });
  node('title', {}, svg, 'Positions by depth: wins and losses for the side to move');
  // One slot per depth from 0 to the deepest, so a depth with no position
  // leaves a gap rather than shifting the bars after it.
  const depths = Math.max(...bars.map((b) => b.plies)) + 1;
  const slot = plotW / depths;
  const barW = Math.max(1, slot * 0.8);
  bars.forEach((b) => {
    const x = left + b.plies * slot + (slot - barW) / 2;
    // Stacked: the scale of the running total, so a log axis stacks too.
    let below = 0;
    for (const [series, count] of [['wins', b.wins], ['losses', b.losses]] as const) {
      const y0 = top + plotH - scale(below) * plotH;
      below += count;
      const y1 = top + plotH - scale(below) * plotH;
      const rect = node('rect', { x, y: y1, width: barW, height: Math.max(0, y0 - y1), class: `bar ${series}` }, svg);
      rect.dataset.plies = String(b.plies);
      rect.dataset.count = String(count);
      node('title', {}, rect, `${count.toLocaleString('en')} ${series} in ${b.plies} plies`);
    }
  });
  // Axes: ticks on y, plies labelled on x every few bars.
  node('line', { x1: left, y1: top + plotH, x2: width - right, y2: top + plotH, class: 'axis' }, svg);
  node('line', { x1: left, y1: top, x2: left, y2: top + plotH, class: 'axis' }, svg);
  const ticks = log
    ? Array.from({ length: Math.floor(Math.log10(max)) + 1 }, (_, k) => 10 ** k)
    : Array.from({ length: Math.floor(max / niceStep(max, 5)) + 1 }, (_, k) => k * niceStep(max, 5));
  for (const t of ticks) {
    const y = top + plotH - scale(t) * plotH;
    node('line', { x1: left - 4, y1: y, x2: left, y2: y, class: 'axis' }, svg);
    node('text', { x: left - 6, y: y + 4, 'text-anchor': 'end', class: 'tick' }, svg, compact.format(t));
  }
  const every = Math.max(1, Math.ceil(depths / 20));
  for (let plies = 0; plies < depths; plies += every)
    node('text', { x: left + (plies + 0.5) * slot, y: top + plotH + 16, 'text-anchor': 'middle', class: 'tick' }, svg, String(plies));
  node('text', { x: left + plotW / 2, y: height - 4, 'text-anchor': 'middle', class: 'label' }, svg, 'depth (plies)');
  node('text', { x: 12, y: top + plotH / 2, 'text-anchor': 'middle', class: 'label', transform: `rotate(-90 12 ${top + plotH / 2})` }, svg, log ? 'positions (log)' : 'positions');
  el.appendChild(svg);
  const legend = document.createElement('p');
  legend.className = 'legend';
  legend.innerHTML = '<span class="key wins"></span> wins <span class="key losses"></span> losses (for the side to move)';
  el.appendChild(legend);
}
