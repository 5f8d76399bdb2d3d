import { describe, expect, it } from "vitest";
import type { OutFolderImport, OutFolderImportEntry } from "@baton/contract";
import { planFolderImport } from "./folder-import-plan";
import { BATCH_ENTRIES, countOutcomes, countPreview, importBatches, previewRows, resultRows, resultsSummary, type ResultRow } from "./import-outcome";

const job = (name: string, size = 0) => ({ general_attributes: { name, type: "JOBS" }, scripts: [{ process: ["x".repeat(size)] }] });
const file = (path: string, json: unknown) => ({ path, text: JSON.stringify(json) });

function dryRun(objects: OutFolderImportEntry[]): OutFolderImport {
  const count = (result: string) => objects.filter((o) => o.result === result).length;
  return { folder_path: "OPS", total: objects.length, created: count("created"), replaced: count("replaced"), kept: count("kept"), skipped: count("skipped"), dry_run: true, created_folders: [], objects };
}

const plan = planFolderImport([file("a.json", job("A")), file("b.json", job("B")), file("c.json", job("C")), file("d.json", job("D")), { path: "broken.json", text: "{" }]);
const answer = dryRun([
  { name: "A", type: "JOBS", path: "OPS", result: "created", change: "new" },
  { name: "B", type: "JOBS", path: "OPS", result: "replaced", change: "changed", moved_from: "PROD/ETL" },
  { name: "C", type: "JOBS", path: "OPS", result: "skipped", change: "unchanged", problems: [{ code: 45121, error: "already exists; import with overwrite_existing_objects=true to replace it", path: "data[2].data.jobs.general_attributes.name", invalid_value: "C" }] },
  { name: "D", type: "JOBS", path: "OPS", result: "skipped", problems: [{ code: 45122, error: "is imported twice (also at data[0].data.jobs)", path: "data[3].data.jobs.general_attributes.name", invalid_value: "D" }] },
]);

describe("previewRows", () => {
  it("gives each entry what the dry run said, invalid where it has no change, and the unread files last", () => {
    const rows = previewRows(plan, answer);
    expect(rows.map((r) => `${r.source} ${r.name} ${r.category} ${r.result}`)).toEqual([
      "a.json A new created",
      "b.json B changed replaced",
      "c.json C unchanged skipped",
      "d.json D invalid skipped",
      "broken.json  invalid skipped",
    ]);
    expect(rows.map((r) => r.movedFrom)).toEqual([undefined, "PROD/ETL", undefined, undefined, undefined]);
    expect(rows[3]?.reasons).toEqual(["general_attributes.name: is imported twice (also at a.json)"]);
    expect(rows[4]?.reasons[0]).toMatch(/^broken.json: not valid JSON/);
    expect(countPreview(rows)).toEqual({ new: 1, changed: 1, unchanged: 1, invalid: 2, toWrite: 2, toSkip: 3 });
  });

  it("refuses an answer that does not hold one entry per entry sent", () => {
    expect(() => previewRows(plan, dryRun(answer.objects.slice(1)))).toThrow(/answered 3 entries for 4 sent/);
  });
});

describe("importBatches", () => {
  it("sends everything in one request all or nothing, and only what the dry run would write when skipping", () => {
    const rows = previewRows(plan, answer);
    expect(importBatches(plan, rows, "all-or-nothing")).toEqual([[0, 1, 2, 3]]);
    expect(importBatches(plan, rows, "skip-invalid")).toEqual([[0, 1]]);
  });

  it("cuts batches by count and by size", () => {
    const many = planFolderImport(Array.from({ length: BATCH_ENTRIES * 2 + 5 }, (_, i) => file(`j${i}.json`, job(`J${i}`))));
    const created = dryRun(many.entries.map((_, i) => ({ name: `J${i}`, type: "JOBS", path: "", result: "created", change: "new" })));
    expect(importBatches(many, previewRows(many, created), "skip-invalid").map((batch) => batch.length)).toEqual([BATCH_ENTRIES, BATCH_ENTRIES, 5]);
    const big = planFolderImport([file("a.json", job("A", 1_500_000)), file("b.json", job("B", 1_500_000)), file("c.json", job("C"))]);
    const bigRows = previewRows(big, dryRun(["A", "B", "C"].map((name) => ({ name, type: "JOBS", path: "", result: "created", change: "new" }))));
    expect(importBatches(big, bigRows, "skip-invalid")).toEqual([[0], [1, 2]]);
  });
});

describe("resultRows", () => {
  it("tells written, skipped before sending and failed objects apart, with their reasons", () => {
    const rows = previewRows(plan, answer);
    const answered = new Map<number, OutFolderImportEntry>([
      [0, { name: "A", type: "JOBS", path: "OPS", result: "created", change: "new" }],
      [1, { name: "B", type: "JOBS", path: "OPS", result: "skipped", change: "changed", problems: [{ code: 403, error: "Missing right", path: "data[1].data.jobs.general_attributes.name", invalid_value: "B" }] }],
    ]);
    const results = resultRows(plan, rows, { answered, failed: new Map() });
    expect(results.map((r) => `${r.name || r.source} ${r.outcome} ${r.written ?? "-"} ${r.reasons.join("|")}`)).toEqual([
      "A written created ",
      "B failed - general_attributes.name: Missing right",
      "C skipped - general_attributes.name: already exists; tick “Overwrite existing objects” to replace it",
      "D skipped - general_attributes.name: is imported twice (also at a.json)",
      `broken.json skipped - ${rows[4]?.reasons[0] ?? ""}`,
    ]);
    expect(countOutcomes(results)).toEqual({ written: 1, skipped: 3, failed: 1 });
  });

  it("fails the entries of a request that never answered", () => {
    const results = resultRows(plan, previewRows(plan, answer), { answered: new Map(), failed: new Map([[0, ["not imported: no answer"]]]) });
    expect(results[0]).toMatchObject({ outcome: "failed", reasons: ["not imported: no answer"] });
  });
});

describe("resultsSummary", () => {
  const row = (outcome: ResultRow["outcome"], written?: ResultRow["written"]): ResultRow => ({ entry: 0, source: "a.json", name: "A", type: "JOBS", folder: "", category: "new", result: "created", reasons: [], outcome, ...(written ? { written } : {}) });

  it("is a success only when every object was written, in the singular for one", () => {
    expect(resultsSummary([row("written", "created")])).toEqual({ severity: "success", text: "1 object written (1 created, 0 replaced)." });
    expect(resultsSummary([row("written", "replaced"), row("written", "kept")])).toEqual({ severity: "success", text: "2 objects written (0 created, 1 replaced, 1 existing folder kept)." });
  });

  it("warns when anything was skipped or failed, saying how many and where to read why", () => {
    expect(resultsSummary([row("written", "created"), row("skipped"), row("skipped")])).toEqual({
      severity: "warning",
      text: "1 object written (1 created, 0 replaced). 2 objects not imported (2 skipped, 0 failed): the rows below say why.",
    });
    expect(resultsSummary([row("failed")])).toEqual({
      severity: "warning",
      text: "0 objects written (0 created, 0 replaced). 1 object not imported (0 skipped, 1 failed): the rows below say why. Fix the failed ones and drop those files again.",
    });
  });
});
