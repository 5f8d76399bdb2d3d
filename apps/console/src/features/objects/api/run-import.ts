import { isApiError } from "../../../lib/api-client";
import { describeError } from "../../../lib/describe-error";
import { describeProblem, entryIndexOf, type FolderImportPlan } from "./folder-import-plan";
import { folderImportBody, postFolderImport } from "./import-folder";
import { importBatches, type ImportAnswers, type ImportMode, type PreviewRow } from "./import-outcome";
import type { OutFolderImportEntry } from "@baton/contract";

/** Where an import is: bytes sent of all its requests, objects the engine has written. */
export interface ImportProgress {
  sent: number;
  total: number;
  written: number;
  toWrite: number;
}

export interface ImportRun {
  client: number;
  csrfToken: string;
  folder: string;
  plan: FolderImportPlan;
  rows: readonly PreviewRow[];
  overwrite: boolean;
  mode: ImportMode;
}

/** Why a refused request's entries were not imported: the engine's problem for each entry it names, `whole` for the others. */
function refusals(error: unknown, batch: readonly number[], plan: FolderImportPlan, whole: string): Map<number, string[]> {
  const failed = new Map<number, string[]>(batch.map((entry) => [entry, [whole]]));
  if (!isApiError(error)) return failed;
  const named = new Map<number, string[]>();
  for (const problem of error.problems) {
    const at = entryIndexOf(problem.path);
    const entry = at === undefined ? undefined : batch[at];
    if (entry !== undefined) named.set(entry, [...(named.get(entry) ?? []), describeProblem({ code: problem.code, error: problem.message, path: problem.path }, plan.sources)]);
  }
  for (const [entry, reasons] of named) failed.set(entry, reasons);
  return failed;
}

/**
 * Sends the import's requests one after the other (importBatches), reporting bytes sent and
 * objects written as they go. A request that fails stops the import: its entries and those not
 * yet sent fail with the reason; what earlier requests wrote stays written.
 */
export async function runImport(run: ImportRun, onProgress: (progress: ImportProgress) => void): Promise<ImportAnswers> {
  const { plan, mode } = run;
  const batches = importBatches(plan, run.rows, mode);
  const sizes = batches.map((batch) => new Blob([folderImportBody(batch.map((entry) => plan.entries[entry]))]).size);
  const progress: ImportProgress = { sent: 0, total: sizes.reduce((a, b) => a + b, 0), written: 0, toWrite: batches.reduce((n, batch) => n + batch.length, 0) };
  const answered = new Map<number, OutFolderImportEntry>();
  const failed = new Map<number, string[]>();
  let before = 0;
  for (const [index, batch] of batches.entries()) {
    onProgress({ ...progress });
    try {
      const answer = await postFolderImport({
        client: run.client,
        csrfToken: run.csrfToken,
        folder: run.folder,
        entries: batch.map((entry) => plan.entries[entry]),
        overwrite: run.overwrite,
        skipInvalid: mode === "skip-invalid",
        onProgress: ({ loaded }) => onProgress({ ...progress, sent: before + loaded }),
      });
      answer.objects.forEach((object, at) => {
        const entry = batch[at];
        if (entry !== undefined) answered.set(entry, object);
      });
      progress.written += answer.objects.filter((object) => object.result !== "skipped").length;
    } catch (error) {
      const whole = mode === "all-or-nothing" && isApiError(error, 400) ? "not imported: the import was refused as a whole (all or nothing)" : `not imported: ${describeError(error).title}`;
      for (const [entry, reasons] of refusals(error, batch, plan, whole)) failed.set(entry, reasons);
      for (const later of batches.slice(index + 1).flat()) failed.set(later, [`not sent: the import stopped at an earlier error (${describeError(error).title})`]);
      break;
    }
    before += sizes[index] ?? 0;
    progress.sent = before;
  }
  onProgress({ ...progress });
  return { answered, failed };
}
