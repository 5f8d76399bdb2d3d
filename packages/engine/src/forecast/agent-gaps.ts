/** A span of time in epoch milliseconds, `from` inclusive, `to` exclusive. */
export interface Interval {
  from: number;
  to: number;
}

/**
 * The gaps inside `range` that no busy interval covers, each at least `minDurationMs` long. Busy
 * intervals may overlap, touch, lie partly or wholly outside the range; touching ones leave no gap.
 */
export function agentGaps(busy: readonly Interval[], range: Interval, minDurationMs = 0): Interval[] {
  const clipped = busy
    .map((b) => ({ from: Math.max(b.from, range.from), to: Math.min(b.to, range.to) }))
    .filter((b) => b.to > b.from)
    .sort((a, b) => a.from - b.from);
  const gaps: Interval[] = [];
  let cursor = range.from;
  for (const b of clipped) {
    if (b.from > cursor) gaps.push({ from: cursor, to: b.from });
    cursor = Math.max(cursor, b.to);
  }
  if (range.to > cursor) gaps.push({ from: cursor, to: range.to });
  return gaps.filter((g) => g.to - g.from >= Math.max(minDurationMs, 1));
}
