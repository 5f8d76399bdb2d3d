import { Status } from "@baton/contract";
import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newExecution } from "../testing/new-execution";
import { createTestDatabase, testDialects, type TestDatabase } from "../testing/test-databases";
import { openStore, type Store } from "./connect";
import { countedFilter, readsInListOrder, type CountedFilter, type ExecutionFilter } from "./execution-filters";
import { listExecutions } from "./execution-pages-store";
import { insertExecution } from "./executions-store";

describe("which filters a page is read for in the list's order", () => {
  it.each<[string, ExecutionFilter, boolean]>([
    ["no filter", {}, true],
    ["conditions given as none", { platforms: [], commentedOnly: false, topLevel: false, nameExclude: false, timeFrame: { option: "all" } }, true],
    ["an exact name", { name: "NIGHTLY.BACKUP" }, true],
    ["one status", { status: [{ from: 1800, to: 1800 }] }, true],
    ["one type, one queue, an exact agent and user", { objectTypes: ["JOBS"], queues: ["Q"], agent: "UNIX01", user: "OPS/NIGHT" }, true],
    ["top level, a run_id, a reference", { topLevel: true, runId: 7, referenceRunId: 0 }, true],
    ["a name pattern", { name: "NIGHTLY.*" }, false],
    ["an excluded name", { name: "NIGHTLY.BACKUP", nameExclude: true }, false],
    ["a status range", { status: [{ from: 1800, to: 1899 }] }, false],
    ["two statuses", { status: [{ from: 1800, to: 1800 }, { from: 1900, to: 1900 }] }, false],
    ["two types", { objectTypes: ["JOBS", "SCRI"] }, false],
    ["a platform", { platforms: ["UNIX"] }, false],
    ["an alias", { alias: "DAILY" }, false],
    ["a time frame", { timeFrame: { option: "activation", from: 1 } }, false],
    ["commented only", { commentedOnly: true }, false],
    ["rights patterns", { access: { grants: [{ objectType: "JOBS", objectName: "NIGHTLY.*" }], prohibitions: [] } }, false],
  ])("%s", (_label, filter, inOrder) => {
    expect(readsInListOrder(filter)).toBe(inOrder);
  });
});

describe("which filters are counted from the kept counts", () => {
  it.each<[string, ExecutionFilter, CountedFilter | undefined]>([
    ["no filter", {}, { name: "all", topLevel: false }],
    ["conditions given as none", { access: null, platforms: [], topLevel: false, timeFrame: { option: "all" } }, { name: "all", topLevel: false }],
    ["top level only (the console's default)", { topLevel: true }, { name: "all", topLevel: true }],
    ["an exact name, in upper case", { name: "nightly.backup" }, { name: "NIGHTLY.BACKUP", topLevel: false }],
    ["an exact name, top level only", { name: "NIGHTLY.BACKUP", topLevel: true }, { name: "NIGHTLY.BACKUP", topLevel: true }],
    ["a name pattern", { name: "NIGHTLY.*" }, undefined],
    ["an excluded name", { name: "NIGHTLY.BACKUP", nameExclude: true }, undefined],
    ["top level with a status", { topLevel: true, status: [{ from: 1800, to: 1800 }] }, undefined],
    ["a name within rights patterns", { name: "NIGHTLY.BACKUP", access: { grants: [{ objectType: "*", objectName: "NIGHTLY.*" }], prohibitions: [] } }, undefined],
    ["top level within rights patterns", { topLevel: true, access: { grants: [{ objectType: "*", objectName: "NIGHTLY.*" }], prohibitions: [] } }, undefined],
    ["a name with a time frame", { name: "NIGHTLY.BACKUP", timeFrame: { option: "activation", from: 1 } }, undefined],
    ["nothing a client could match", { unmatchable: true }, undefined],
  ])("%s", (_label, filter, counted) => {
    expect(countedFilter(filter)).toEqual(counted);
  });
});

describe.each(testDialects)("the statements of a page of executions on %s", (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let recorded: Array<{ sql: string; parameters: readonly unknown[] }> | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir, onQuery: (sql, parameters) => recorded?.push({ sql, parameters }) });
    for (let i = 0; i < 60; i++) {
      const status = i % 10 === 9 ? Status.ENDED_NOT_OK : Status.ENDED_OK;
      // Every fourth a workflow's task: not top level.
      await insertExecution(store.db, newExecution({ name: `A.${i % 3}`, status, activationTime: 1_000 + i, parent: i % 4 === 0 ? 1 : null }), "{}", 1);
    }
  });

  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  /** The statements one first page of 5 runs for `filter`, with what it answered. */
  async function statementsOf(filter: ExecutionFilter) {
    recorded = [];
    const page = await listExecutions(store.db, 100, filter, { maxResults: 5 }, dialect);
    const statements = recorded;
    recorded = undefined;
    return { page, statements };
  }

  it.each<[string, ExecutionFilter, number, "kept counts" | "matches"]>([
    ["no filter", {}, 60, "kept counts"],
    ["an exact name", { name: "A.1" }, 20, "kept counts"],
    ["an exact name in lower case", { name: "a.1" }, 20, "kept counts"],
    ["top level only", { topLevel: true }, 45, "kept counts"],
    ["an exact name, top level only", { name: "A.1", topLevel: true }, 15, "kept counts"],
    ["top level with a status", { topLevel: true, status: [{ from: 1800, to: 1800 }] }, 6, "matches"],
    ["a name pattern", { name: "A.*" }, 60, "matches"],
    ["an excluded name", { name: "A.1", nameExclude: true }, 40, "matches"],
    ["a name and a status", { name: "A.1", status: [{ from: 1800, to: 1800 }] }, 2, "matches"],
    ["a status", { status: [{ from: 1800, to: 1800 }] }, 6, "matches"],
    ["a status range", { status: [{ from: 1800, to: 1899 }] }, 6, "matches"],
  ])("counts once and reads the page in one statement for %s", async (_label, filter, total, counted) => {
    const { page, statements } = await statementsOf(filter);
    expect(page.total).toBe(total);
    expect(page.executions).toHaveLength(Math.min(5, total));
    const kind = (sql: string) => (/"execution_counts"/.test(sql) ? "kept counts" : /count\(\*\)/.test(sql) ? "matches" : "page");
    expect(statements.map((s) => kind(s.sql))).toEqual([counted, "page"]);
  });

  it.runIf(dialect === "sqlite")("reads an exact name in order from the name index, and sorts only the keys of a pattern's few matches on its index", async () => {
    const plan = async (filter: ExecutionFilter) => {
      const { statements } = await statementsOf(filter);
      const page = statements.at(-1);
      if (page === undefined) throw new Error("no page was read");
      const { rows } = await store.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${page.sql}`, [...page.parameters]));
      return rows.map((row) => row.detail).join("\n");
    };
    const exact = await plan({ name: "A.1" });
    expect(exact).toMatch(/executions_client_name_sort \(client=\? AND name=\?\)/);
    expect(exact).not.toMatch(/TEMP B-TREE/);
    // The list's own index (client, activation_time desc, run_id desc) would be walked down to the oldest match.
    const pattern = await plan({ name: "A.*" });
    expect(pattern).toMatch(/COVERING INDEX executions_client_name_order/);
    expect(pattern).not.toMatch(/executions_client_activation/);
  });
});
