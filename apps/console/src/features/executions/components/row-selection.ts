/**
 * The selection after a click on a row's checkbox. A shift-click selects (or unselects, when the
 * clicked row was selected) every row between the last clicked row and this one, as file
 * managers and mail clients do.
 */
export function clickSelection(selected: ReadonlySet<number>, order: readonly number[], clicked: number, anchor: number | null, shift: boolean): Set<number> {
  const next = new Set(selected);
  const select = !selected.has(clicked);
  const from = anchor === null ? -1 : order.indexOf(anchor);
  const to = order.indexOf(clicked);
  if (!shift || from < 0 || to < 0) {
    if (select) next.add(clicked);
    else next.delete(clicked);
    return next;
  }
  for (const id of order.slice(Math.min(from, to), Math.max(from, to) + 1)) {
    if (select) next.add(id);
    else next.delete(id);
  }
  return next;
}
