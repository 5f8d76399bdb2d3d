import type { OutFolderImport, OutFolderImportEntry } from "@baton/contract";
import { counted } from "../../../lib/counted";
import { describeProblem, type FolderImportPlan } from "./folder-import-plan";

/** How an object compares with what the client holds, or why it cannot be imported at all. */
export type PreviewCategory = "new" | "changed" | "unchanged" | "invalid";

/** One object of a drop as the engine's dry run judged it (or a file the console could not read). */
export interface PreviewRow {
  /** Index of its entry in the plan; undefined for a file that was never sent. */
  entry: number | undefined;
  source: string;
  /** As far as the entry names it ("" when it does not). */
  name: string;
  type: string;
  /** Engine form, where it would go. */
  folder: string;
  /** Engine form: the folder the existing object lies in, when the import moves it out of it. */
  movedFrom?: string;
  category: PreviewCategory;
  /** What the import would do with it: created, replaced, kept (a folder) or skipped. */
  result: OutFolderImportEntry["result"];
  /** Why it would be skipped, in the operator's words. */
  reasons: string[];
}

/**
 * The preview of a drop: every entry of the plan with what the dry run answered for it (the answer
 * holds one entry per entry sent, in order), then the files that were never sent.
 */
export function previewRows(plan: FolderImportPlan, dryRun: OutFolderImport): PreviewRow[] {
  if (dryRun.objects.length !== plan.entries.length) throw new Error(`The dry run answered ${dryRun.objects.length} entries for ${plan.entries.length} sent.`);
  const rows = dryRun.objects.map((object, entry): PreviewRow => {
    const reasons = (object.problems ?? []).map((problem) => describeProblem(problem, plan.sources));
    const row: PreviewRow = { entry, source: plan.sources[entry] ?? "", name: object.name, type: object.type, folder: object.path, category: object.change ?? "invalid", result: object.result, reasons };
    return object.moved_from === undefined ? row : { ...row, movedFrom: object.moved_from };
  });
  const unread = plan.problems.map((problem): PreviewRow => ({ entry: undefined, source: problem.source, name: "", type: "", folder: "", category: "invalid", result: "skipped", reasons: [problem.message] }));
  return [...rows, ...unread];
}

export interface PreviewCounts extends Record<PreviewCategory, number> {
  /** Objects the import writes when invalid ones are skipped. */
  toWrite: number;
  /** Objects it leaves out: invalid ones and, without overwrite, existing ones. */
  toSkip: number;
}

export function countPreview(rows: readonly PreviewRow[]): PreviewCounts {
  const counts: PreviewCounts = { new: 0, changed: 0, unchanged: 0, invalid: 0, toWrite: 0, toSkip: 0 };
  for (const row of rows) {
    counts[row.category] += 1;
    if (row.result === "skipped") counts.toSkip += 1;
    else counts.toWrite += 1;
  }
  return counts;
}

/** Skip what cannot be imported and write the rest, or write everything in one transaction or nothing. */
export type ImportMode = "skip-invalid" | "all-or-nothing";

/** Entries per request when invalid ones are skipped: the progress moves each time one is written. */
export const BATCH_ENTRIES = 100;
/** Body size per request at most (a batch holds at least one entry), so that large objects still move the progress. */
export const BATCH_BYTES = 2 * 1024 * 1024;

/**
 * The requests of an import, each a list of entry indices. All or nothing: every entry in one
 * request (one transaction). Skipping: the entries the dry run said would be written, in batches;
 * each batch is imported with skip_invalid, so that what changed since the dry run is skipped too.
 */
export function importBatches(plan: FolderImportPlan, rows: readonly PreviewRow[], mode: ImportMode): number[][] {
  if (mode === "all-or-nothing") return [plan.entries.map((_, index) => index)];
  const batches: number[][] = [];
  let batch: number[] = [];
  let bytes = 0;
  for (const row of rows) {
    if (row.entry === undefined || row.result === "skipped") continue;
    const size = JSON.stringify(plan.entries[row.entry]).length;
    if (batch.length > 0 && (batch.length >= BATCH_ENTRIES || bytes + size > BATCH_BYTES)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(row.entry);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** What became of one object of the drop. */
export type ImportOutcome = "written" | "skipped" | "failed";

export interface ResultRow extends PreviewRow {
  outcome: ImportOutcome;
  /** For a written object: created, replaced or kept (a folder that existed). */
  written?: "created" | "replaced" | "kept";
}

/** What the requests of an import said of the entries they carried. */
export interface ImportAnswers {
  /** The engine's answer per entry index. */
  answered: ReadonlyMap<number, OutFolderImportEntry>;
  /** Entries whose request failed, with why. */
  failed: ReadonlyMap<number, string[]>;
}

/**
 * Each object of the drop with what became of it: written, skipped before sending (the dry run or
 * the operator's choice left it out) or failed (sent, and refused or never answered).
 */
export function resultRows(plan: FolderImportPlan, rows: readonly PreviewRow[], { answered, failed }: ImportAnswers): ResultRow[] {
  return rows.map((row): ResultRow => {
    const answer = row.entry === undefined ? undefined : answered.get(row.entry);
    const failure = row.entry === undefined ? undefined : failed.get(row.entry);
    if (failure !== undefined) return { ...row, outcome: "failed", reasons: failure };
    if (answer === undefined) return { ...row, outcome: "skipped" };
    if (answer.result === "skipped") return { ...row, outcome: "failed", reasons: (answer.problems ?? []).map((problem) => describeProblem(problem, plan.sources)) };
    return { ...row, outcome: "written", written: answer.result, reasons: [] };
  });
}

export type OutcomeCounts = Record<ImportOutcome, number>;

export function countOutcomes(rows: readonly ResultRow[]): OutcomeCounts {
  const counts: OutcomeCounts = { written: 0, skipped: 0, failed: 0 };
  for (const row of rows) counts[row.outcome] += 1;
  return counts;
}

/** The banner over an import's results: success only when every object of the drop was written. */
export interface ResultsSummary {
  severity: "success" | "warning";
  text: string;
}

/**
 * "3 objects written (2 created, 1 replaced). 2 objects not imported (2 skipped, 0 failed): the
 * rows below say why." Anything left out makes it a warning: the operator has something to read.
 */
export function resultsSummary(rows: readonly ResultRow[]): ResultsSummary {
  const counts = countOutcomes(rows);
  const ways = (written: NonNullable<ResultRow["written"]>) => rows.filter((row) => row.written === written).length;
  const kept = ways("kept");
  const written = `${counted(counts.written, "object")} written (${ways("created")} created, ${ways("replaced")} replaced${kept > 0 ? `, ${counted(kept, "existing folder")} kept` : ""}).`;
  const leftOut = counts.skipped + counts.failed;
  if (leftOut === 0) return { severity: "success", text: written };
  const fix = counts.failed > 0 ? " Fix the failed ones and drop those files again." : "";
  return { severity: "warning", text: `${written} ${counted(leftOut, "object")} not imported (${counts.skipped} skipped, ${counts.failed} failed): the rows below say why.${fix}` };
}
