/** Lines added to and removed from a text: what a line diff of the two would mark. */
export interface LineEdits {
  added: number;
  removed: number;
}

/**
 * Above this many edits the exact count is not worth its time (the Myers search grows with the
 * square of the edits): counting lines present more often on one side than the other is then used.
 */
const EXACT_EDIT_LIMIT = 1000;

/**
 * Lines added and removed between `before` and `after`, as a shortest line diff counts them
 * (Myers' O((N+M)·D) search for the edit distance; the common head and tail are skipped first).
 */
export function countLineEdits(before: readonly string[], after: readonly string[]): LineEdits {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  const a = before.slice(start, endBefore);
  const b = after.slice(start, endAfter);
  if (a.length === 0 || b.length === 0) return { added: b.length, removed: a.length };
  const distance = editDistance(a, b, EXACT_EDIT_LIMIT);
  if (distance === null) return countUnmatchedLines(a, b);
  // D = N + M − 2·LCS: the lines outside the longest common subsequence on each side.
  const common = (a.length + b.length - distance) / 2;
  return { added: b.length - common, removed: a.length - common };
}

/** Insertions plus deletions of a shortest edit script, or null when it exceeds `limit`. */
function editDistance(a: readonly string[], b: readonly string[], limit: number): number | null {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, limit);
  const offset = max + 1;
  // furthest[k + offset]: the furthest x reached on diagonal k (= x − y).
  const furthest = new Int32Array(2 * max + 3);
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (furthest[k - 1 + offset] ?? 0) < (furthest[k + 1 + offset] ?? 0));
      let x = down ? (furthest[k + 1 + offset] ?? 0) : (furthest[k - 1 + offset] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      furthest[k + offset] = x;
      if (x >= n && y >= m) return d;
    }
  }
  return null;
}

/** Lines found more often on one side than on the other: the edit count when order is ignored. */
function countUnmatchedLines(a: readonly string[], b: readonly string[]): LineEdits {
  const balance = new Map<string, number>();
  for (const line of a) balance.set(line, (balance.get(line) ?? 0) - 1);
  for (const line of b) balance.set(line, (balance.get(line) ?? 0) + 1);
  let added = 0;
  let removed = 0;
  for (const count of balance.values()) {
    if (count > 0) added += count;
    else removed -= count;
  }
  return { added, removed };
}
