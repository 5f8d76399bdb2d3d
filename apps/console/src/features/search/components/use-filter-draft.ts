import { useCallback, useRef, useState } from "react";
import { emptyRow, type FilterKind, type FilterRow } from "../api/search-url";

/** A row being edited; `origin` is its index in the search last sent, which the server's paths name. */
export interface DraftRow {
  key: number;
  origin: number | null;
  row: FilterRow;
}

export interface FilterDraft {
  rows: readonly DraftRow[];
  add: (kind: FilterKind) => void;
  change: (key: number, changes: Partial<FilterRow>) => void;
  remove: (key: number) => void;
  /**
   * Says that the page is about to put these rows' filters (their `filtersKeyOf`) into the URL: when
   * the URL then holds them, the rows being edited stay (with their focus and whatever was typed
   * since) instead of starting over from the URL.
   */
  sending: (filtersKey: string) => void;
}

/**
 * The builder's rows between two searches. They start from the search in the URL and start over
 * when the URL changes by other means than these rows (Back, a link, Clear), so what is shown is
 * always what was asked or is about to be.
 */
export function useFilterDraft(sent: readonly FilterRow[], sentKey: string): FilterDraft {
  const nextKey = useRef(0);
  const fromSent = useCallback(() => {
    const rows = sent.length > 0 ? sent : [emptyRow("object_name")];
    return rows.map((row, index) => ({ key: nextKey.current++, origin: sent.length > 0 ? index : null, row }));
  }, [sent]);
  const [draft, setDraft] = useState<{ sentKey: string; rows: readonly DraftRow[]; sending: string | null }>(() => ({ sentKey, rows: fromSent(), sending: null }));
  // Adjusting state while rendering (React's pattern for state derived from a prop that changes).
  let rows = draft.rows;
  if (draft.sentKey !== sentKey) {
    // Rows that were sent keep their place in the search: the server's paths name it.
    rows = sentKey === draft.sending ? draft.rows.map((entry, index) => ({ ...entry, origin: index })) : fromSent();
    setDraft({ sentKey, rows, sending: null });
  }

  const update = useCallback((edit: (rows: readonly DraftRow[]) => DraftRow[]) => setDraft((current) => ({ ...current, rows: edit(current.rows) })), []);
  const add = useCallback((kind: FilterKind) => update((current) => [...current, { key: nextKey.current++, origin: null, row: emptyRow(kind) }]), [update]);
  // A row given another kind is another filter: the server's words about the old one no longer apply.
  const change = useCallback(
    (key: number, changes: Partial<FilterRow>) =>
      update((current) => current.map((entry) => (entry.key === key ? { key, origin: changes.kind ? null : entry.origin, row: { ...entry.row, ...changes } } : entry))),
    [update],
  );
  const remove = useCallback((key: number) => update((current) => current.filter((entry) => entry.key !== key)), [update]);
  const sending = useCallback((filtersKey: string) => setDraft((current) => ({ ...current, sending: filtersKey })), []);
  return { rows, add, change, remove, sending };
}
