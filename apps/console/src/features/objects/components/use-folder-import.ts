import { useCallback, useRef, useState } from "react";
import type { OutFolderImport } from "@baton/contract";
import { useCurrentSession } from "../../../lib/session-context";
import { findExisting } from "../api/find-existing";
import { classifyPlan, countActions, droppedPath, planFolderImport, type FolderImportPlan, type PreviewCounts, type PreviewRow } from "../api/folder-import-plan";
import { useImportFolder } from "../api/import-folder";

/** A planned import and what it would do: kept through preview, import and its outcome. */
export interface PreparedImport {
  folder: string;
  plan: FolderImportPlan;
  rows: PreviewRow[];
  counts: PreviewCounts;
}

export type FolderImportState =
  | { phase: "idle" }
  | { phase: "reading" | "checking"; done: number; total: number }
  | ({ phase: "preview" | "importing" } & PreparedImport)
  | ({ phase: "imported"; result: OutFolderImport } & PreparedImport)
  | ({ phase: "failed"; error: unknown } & PreparedImport);

function prepared({ folder, plan, rows, counts }: PreparedImport): PreparedImport {
  return { folder, plan, rows, counts };
}

/**
 * Dropped files → one folder import: read every file, plan the entries, ask which objects exist,
 * then import in one request. A drop that creates only new objects is imported at once (nothing
 * can be lost, as with a single dropped file before); anything existing waits for a choice.
 */
export function useFolderImport() {
  const { client } = useCurrentSession();
  const { mutateAsync } = useImportFolder();
  const [state, setState] = useState<FolderImportState>({ phase: "idle" });
  // A newer drop wins: results of an older one still running are dropped.
  const generation = useRef(0);

  const run = useCallback(
    async (ready: PreparedImport, overwrite: boolean) => {
      setState({ ...ready, phase: "importing" });
      const mine = generation.current;
      try {
        const result = await mutateAsync({ folder: ready.folder, body: ready.plan.body, overwrite });
        if (mine === generation.current) setState({ ...ready, phase: "imported", result });
      } catch (error) {
        if (mine === generation.current) setState({ ...ready, phase: "failed", error });
      }
    },
    [mutateAsync],
  );

  const drop = useCallback(
    async (files: readonly File[], folder: string) => {
      const mine = ++generation.current;
      const current = () => mine === generation.current;
      setState({ phase: "reading", done: 0, total: files.length });
      const dropped = [];
      // In path order, so the preview and the import list a tree folder by folder, whatever order the browser gave.
      const sorted = files.map((file) => ({ file, path: droppedPath(file) })).sort((a, b) => a.path.localeCompare(b.path));
      for (const { file, path } of sorted) {
        dropped.push({ path, text: await file.text() });
        if (current()) setState({ phase: "reading", done: dropped.length, total: files.length });
      }
      const plan = planFolderImport(dropped);
      const names = plan.objects.filter((o) => o.type !== "FOLD").map((o) => o.name);
      if (current()) setState({ phase: "checking", done: 0, total: names.length });
      let existing;
      try {
        existing = await findExisting(client, names, (done) => {
          if (current()) setState({ phase: "checking", done, total: names.length });
        });
      } catch (error) {
        const rows = classifyPlan(plan.objects, new Map());
        if (current()) setState({ phase: "failed", folder, plan, rows, counts: countActions(rows), error });
        return;
      }
      if (!current()) return;
      const rows = classifyPlan(plan.objects, existing);
      const ready: PreparedImport = { folder, plan, rows, counts: countActions(rows) };
      const clean = plan.problems.length === 0 && rows.length > 0 && rows.every((row) => row.action === "create" || row.action === "folder");
      if (clean) await run(ready, false);
      else setState({ ...ready, phase: "preview" });
    },
    [client, run],
  );

  const confirm = useCallback(
    (overwrite: boolean) => {
      if (state.phase === "preview" || state.phase === "failed") void run(prepared(state), overwrite);
    },
    [run, state],
  );

  const reset = useCallback(() => {
    generation.current += 1;
    setState({ phase: "idle" });
  }, []);

  return { state, drop, confirm, reset };
}
