import { useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { OutExecution } from "@baton/contract";
import { clickSelection } from "./row-selection";

/**
 * The selected rows and the focused row of the list, by run id: both survive live updates that
 * add rows above or re-order them.
 */
export function useRowCursor(rows: readonly OutExecution[]) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [focusedRunId, setFocusedRunId] = useState<number | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const anchor = useRef<number | null>(null);
  // The row order at the time of a click, for shift-click ranges, without re-creating the handler per update.
  const order = useRef<number[]>([]);
  useLayoutEffect(() => {
    order.current = rows.map((row) => row.run_id);
  }, [rows]);

  const toggle = useCallback((runId: number, shift: boolean) => {
    // Read now: React may run the updater later, after the anchor below has moved to this row.
    const from = anchor.current;
    const rowOrder = order.current;
    setSelected((current) => clickSelection(current, rowOrder, runId, from, shift));
    anchor.current = runId;
    setFocusedRunId(runId);
  }, []);

  const toggleAll = useCallback((select: boolean) => setSelected(select ? new Set(order.current) : new Set()), []);

  const unselect = useCallback(
    (runIds: readonly number[]) =>
      setSelected((current) => {
        const next = new Set(current);
        for (const id of runIds) next.delete(id);
        return next;
      }),
    [],
  );

  const clear = useCallback(() => {
    setSelected(new Set());
    anchor.current = null;
  }, []);

  /** j/k: one row down or up from the focused one (the first row when none is). */
  const move = (delta: 1 | -1) => {
    if (rows.length === 0) return;
    const index = rows.findIndex((row) => row.run_id === focusedRunId);
    const next = index < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, index + delta));
    const row = rows[next];
    if (row === undefined) return;
    setFocusedRunId(row.run_id);
    setFocusRequest((n) => n + 1);
  };

  const focused = rows.find((row) => row.run_id === focusedRunId) ?? null;
  const selectedRows = useMemo(() => rows.filter((row) => selected.has(row.run_id)), [rows, selected]);

  return { selected, selectedRows, focused, focusedRunId, focusRequest, toggle, toggleAll, unselect, clear, move, focusRow: setFocusedRunId };
}
