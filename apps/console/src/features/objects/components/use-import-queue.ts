import { useCallback, useRef, useState } from "react";
import { useImportObject } from "../api/import-object";
import { parseObjectFile, type ObjectSummary } from "../api/object-file";

export type ImportState = "reading" | "importing" | "imported" | "failed" | "invalid";

export interface ImportEntry {
  id: number;
  fileName: string;
  state: ImportState;
  objects: ObjectSummary[];
  payload: unknown;
  /** A request error (failed) … */
  error: unknown;
  /** … or a problem with the file itself (invalid). */
  problem: { message: string; hint: string } | null;
}

/**
 * Reads, checks and imports dropped files one after another, keeping a result per file.
 * Files are imported in order so that a folder or its dependencies can come first.
 */
export function useImportQueue() {
  const { mutateAsync: importObject } = useImportObject();
  const [entries, setEntries] = useState<ImportEntry[]>([]);
  const nextId = useRef(1);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const update = useCallback((id: number, change: Partial<ImportEntry>) => {
    setEntries((current) => current.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)));
  }, []);

  const send = useCallback(
    async (id: number, payload: unknown, objects: ObjectSummary[], overwrite: boolean) => {
      update(id, { state: "importing", error: null });
      try {
        await importObject({ payload, objects, overwrite });
        update(id, { state: "imported" });
      } catch (error) {
        update(id, { state: "failed", error });
      }
    },
    [importObject, update],
  );

  const enqueue = useCallback((task: () => Promise<void>) => {
    queue.current = queue.current.then(task, task);
  }, []);

  const addFiles = useCallback(
    (files: readonly File[], overwrite: boolean) => {
      const added = files.map(
        (file): ImportEntry => ({
          id: nextId.current++,
          fileName: file.name,
          state: "reading",
          objects: [],
          payload: null,
          error: null,
          problem: null,
        }),
      );
      setEntries((current) => [...added, ...current]);
      added.forEach((entry, index) => {
        const file = files[index];
        if (file === undefined) return;
        enqueue(async () => {
          let text: string;
          try {
            text = await file.text();
          } catch {
            update(entry.id, { state: "invalid", problem: { message: "The file could not be read.", hint: "Choose the file again." } });
            return;
          }
          const parsed = parseObjectFile(text);
          if (!parsed.ok) {
            update(entry.id, { state: "invalid", problem: { message: parsed.message, hint: parsed.hint } });
            return;
          }
          update(entry.id, { objects: parsed.objects, payload: parsed.payload });
          await send(entry.id, parsed.payload, parsed.objects, overwrite);
        });
      });
    },
    [enqueue, send, update],
  );

  const addRejected = useCallback((fileNames: readonly string[], message: string, hint: string) => {
    const added = fileNames.map(
      (fileName): ImportEntry => ({
        id: nextId.current++,
        fileName,
        state: "invalid",
        objects: [],
        payload: null,
        error: null,
        problem: { message, hint },
      }),
    );
    setEntries((current) => [...added, ...current]);
  }, []);

  const retry = useCallback(
    (entry: ImportEntry, overwrite: boolean) => enqueue(() => send(entry.id, entry.payload, entry.objects, overwrite)),
    [enqueue, send],
  );

  const clear = useCallback(() => setEntries((current) => current.filter((e) => e.state === "reading" || e.state === "importing")), []);

  return { entries, addFiles, addRejected, retry, clear };
}
