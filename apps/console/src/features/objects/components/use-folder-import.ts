import { useCallback, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useCurrentSession } from "../../../lib/session-context";
import { droppedPath, planFolderImport, type FolderImportPlan } from "../api/folder-import-plan";
import { postFolderImport } from "../api/import-folder";
import { countPreview, previewRows, resultRows, type ImportMode, type PreviewCounts, type PreviewRow, type ResultRow } from "../api/import-outcome";
import { objectKeys } from "../api/keys";
import { runImport, type ImportProgress } from "../api/run-import";

/** A drop read and planned: where it goes and its entries. */
export interface PlannedDrop {
  /** Tells one drop from the next (a preview's choices belong to its drop). */
  id: number;
  folder: string;
  plan: FolderImportPlan;
}

/** A drop with the engine's dry run for one choice of overwrite. */
export interface CheckedDrop extends PlannedDrop {
  overwrite: boolean;
  rows: PreviewRow[];
  counts: PreviewCounts;
}

export type FolderImportState =
  | { phase: "idle" }
  | { phase: "reading"; done: number; total: number }
  | ({ phase: "checking"; sent: number; total: number; overwrite: boolean; previous?: CheckedDrop } & PlannedDrop)
  | ({ phase: "preview" } & CheckedDrop)
  | ({ phase: "importing"; mode: ImportMode; progress: ImportProgress } & CheckedDrop)
  | ({ phase: "imported"; mode: ImportMode; results: ResultRow[] } & CheckedDrop)
  | ({ phase: "failed"; error: unknown } & PlannedDrop);

/**
 * Dropped files → preview → import: read every file, ask the engine in ONE dry-run request what
 * importing each entry would do (the preview), and only when the operator confirms, import: in
 * batches that skip what cannot be imported, or all or nothing in one request.
 */
export function useFolderImport() {
  const { client, csrf_token } = useCurrentSession();
  const queryClient = useQueryClient();
  const [state, setState] = useState<FolderImportState>({ phase: "idle" });
  // A newer drop (or a reset) wins: answers of an older one still under way are dropped.
  const generation = useRef(0);

  const check = useCallback(
    async (drop: PlannedDrop, overwrite: boolean, previous?: CheckedDrop) => {
      const mine = ++generation.current;
      const current = () => mine === generation.current;
      setState({ ...drop, phase: "checking", sent: 0, total: 0, overwrite, previous });
      try {
        const answer = await postFolderImport({
          client,
          csrfToken: csrf_token,
          folder: drop.folder,
          entries: drop.plan.entries,
          overwrite,
          dryRun: true,
          onProgress: ({ loaded, total }) => {
            if (current()) setState({ ...drop, phase: "checking", sent: loaded, total, overwrite, previous });
          },
        });
        const rows = previewRows(drop.plan, answer);
        if (current()) setState({ ...drop, phase: "preview", overwrite, rows, counts: countPreview(rows) });
      } catch (error) {
        if (current()) setState({ ...drop, phase: "failed", error });
      }
    },
    [client, csrf_token],
  );

  const drop = useCallback(
    async (files: readonly File[], folder: string) => {
      const mine = ++generation.current;
      setState({ phase: "reading", done: 0, total: files.length });
      const dropped = [];
      // In path order, so the preview lists a tree folder by folder, whatever order the browser gave.
      const sorted = files.map((file) => ({ file, path: droppedPath(file) })).sort((a, b) => a.path.localeCompare(b.path));
      for (const { file, path } of sorted) {
        dropped.push({ path, text: await file.text() });
        if (mine === generation.current) setState({ phase: "reading", done: dropped.length, total: files.length });
      }
      if (mine === generation.current) await check({ id: mine, folder, plan: planFolderImport(dropped) }, false);
    },
    [check],
  );

  /** Checks the drop again with overwrite on or off: what is skipped depends on it. */
  const setOverwrite = useCallback(
    (overwrite: boolean) => {
      if (state.phase === "preview") void check({ id: state.id, folder: state.folder, plan: state.plan }, overwrite, state);
    },
    [check, state],
  );

  const confirm = useCallback(
    async (mode: ImportMode) => {
      if (state.phase !== "preview") return;
      const checked: CheckedDrop = state;
      const mine = ++generation.current;
      const current = () => mine === generation.current;
      setState({ ...checked, phase: "importing", mode, progress: { sent: 0, total: 0, written: 0, toWrite: checked.counts.toWrite } });
      const answers = await runImport({ client, csrfToken: csrf_token, folder: checked.folder, plan: checked.plan, rows: checked.rows, overwrite: checked.overwrite, mode }, (progress) => {
        if (current()) setState({ ...checked, phase: "importing", mode, progress });
      });
      // Any object or folder view may show what was imported; one import refreshes them all once.
      await queryClient.invalidateQueries({ queryKey: objectKeys.all(client) });
      if (current()) setState({ ...checked, phase: "imported", mode, results: resultRows(checked.plan, checked.rows, answers) });
    },
    [client, csrf_token, queryClient, state],
  );

  const reset = useCallback(() => {
    generation.current += 1;
    setState({ phase: "idle" });
  }, []);

  return { state, drop, setOverwrite, confirm, reset };
}
