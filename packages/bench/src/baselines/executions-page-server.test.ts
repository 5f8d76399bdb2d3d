import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { insertEndedRuns } from "../data/ended-runs";
import { BENCH_CLIENT } from "../harness/rest";
import { BENCH_AUTHORIZATION, withEngine, withServer } from "../harness/servers";
import { withTempStore } from "../harness/temp-store";
import { executionsPageServer } from "./executions-page-server";
import { expectSamePage } from "./same-page";

const list = (query: string) => `/ae/api/v1/${BENCH_CLIENT}/executions?${query}`;

describe("executionsPageServer", () => {
  it("answers the executions list as the engine does: total, page, order, fields and hasmore", async () => {
    await withTempStore(async ({ store, file }) => {
      const names = Array.from({ length: 30 }, (_, i) => `BENCH.O${String(i).padStart(5, "0")}`);
      insertEndedRuns(file, { client: BENCH_CLIENT, names, runs: 600, from: Date.parse("2030-01-01T00:00:00Z") - 600_000 });
      await withEngine(store, async (engineUrl) => {
        const db = new Database(file, { readonly: true });
        try {
          await withServer(executionsPageServer(db, BENCH_AUTHORIZATION), async (baselineUrl) => {
            const pages = [];
            for (const query of ["max_results=50", "status=1800&max_results=50", "name=BENCH.O0000*&max_results=50", "name=bench.o00007&max_results=50", "status=1900&name=BENCH.O0001?&max_results=7"]) {
              pages.push(await expectSamePage(engineUrl, baselineUrl, list(query), BENCH_AUTHORIZATION));
            }
            // The pages compared are real ones: full, filtered and of the expected sizes.
            expect(pages.map((page) => [page.total, page.data.length, page.hasmore])).toEqual([
              [600, 50, true],
              [60, 50, true],
              [200, 50, true],
              [20, 20, false],
              [180, 7, true],
            ]);
          });
          const refused = await withServer(executionsPageServer(db, BENCH_AUTHORIZATION), (baselineUrl) => fetch(`${baselineUrl}${list("max_results=50")}`));
          expect(refused.status).toBe(401);
        } finally {
          db.close();
        }
      });
    });
  });
});
