import { ErrorCode, OutExecution, OutExecutionList, OutRunId } from "@baton/contract";
import { lockDatabase, sqliteIntegrity, testDialects } from "@baton/engine/testing";
import { describe, expect, it } from "vitest";
import { waitForStatus } from "../testing/baton-process";
import { jobEnvelope } from "../testing/test-baton";
import { faultBatons, post, type FaultBaton } from "./fault-batons";

/** Longer than PostgreSQL's statement timeout set below, and than the job's end. */
const LOCK_MS = 8000;
/** Longest answer while the lock is held: the server waits briefly for it, and never with its event loop stopped. */
const PROMPT_MS = 2000;

/** The response and how long it took to come. */
async function timed(request: Promise<Response>): Promise<{ response: Response; ms: number }> {
  const started = Date.now();
  const response = await request;
  await response.arrayBuffer().catch(() => undefined);
  return { response, ms: Date.now() - started };
}

describe.each(testDialects)("the database locked by another process (%s)", (dialect) => {
  const batons = faultBatons();
  const execute = (baton: FaultBaton, name: string) => baton.send("/100/executions", post({ object_name: name, execution_option: "execute" }));
  const runsOf = async (baton: FaultBaton, name: string) => OutExecutionList.parse(await (await baton.send(`/100/executions?name=${name}`)).json()).data;

  it("refuses writes with 503 DATABASE_BUSY at once, stays responsive, writes nothing, records a job that ended meanwhile, and works again once released", { timeout: 90_000 }, async () => {
    const baton = await batons.startOn(await batons.database(dialect), { BATON_DB_STATEMENT_TIMEOUT_MS: "2000" });
    await baton.send("/100/objects", post(jobEnvelope("FAULT.QUICK", ["echo ran"])));
    await baton.send("/100/objects", post(jobEnvelope("FAULT.SLOW", ["echo started", "sleep 2", "echo done"])));
    const { run_id: slow } = OutRunId.parse(await (await execute(baton, "FAULT.SLOW")).json());
    await waitForStatus(baton.rest, slow, (status) => status === 1550);

    const lock = await lockDatabase(baton.location);
    const lockedAt = Date.now();
    try {
      const refused = await execute(baton, "FAULT.QUICK");
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("5");
      expect(await refused.json()).toMatchObject({ code: ErrorCode.DATABASE_BUSY, error: "The database is busy.", details: expect.stringContaining("Nothing was written: retry") });
      const imported = await timed(baton.send("/100/objects", post(jobEnvelope("FAULT.NEW", ["echo new"]))));
      expect(imported.response.status).toBe(503);
      if (dialect === "sqlite") expect(imported.ms).toBeLessThan(PROMPT_MS);
      // The slow job ends while the lock is held, and its retried writes stop nothing else: the server
      // answers at once throughout (SQLite's readers are not locked out, so neither is a list).
      const slowest = { ping: 0, list: 0 };
      while (Date.now() - lockedAt < LOCK_MS) {
        const ping = await timed(baton.send("/ping"));
        expect(ping.response.status).toBe(200);
        slowest.ping = Math.max(slowest.ping, ping.ms);
        if (dialect === "sqlite") {
          const list = await timed(baton.send("/100/executions?name=FAULT.SLOW"));
          expect(list.response.status).toBe(200);
          slowest.list = Math.max(slowest.list, list.ms);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(slowest.ping).toBeLessThan(PROMPT_MS);
      expect(slowest.list).toBeLessThan(PROMPT_MS);
    } finally {
      await lock.release();
    }

    expect(await runsOf(baton, "FAULT.QUICK")).toEqual([]);
    expect((await baton.send("/100/objects/FAULT.NEW")).status).toBe(404);
    const ended = await waitForStatus(baton.rest, slow, (status) => status >= 1800);
    expect(ended).toMatchObject({ status: 1900, return_code: 0 });
    expect(await runsOf(baton, "FAULT.SLOW")).toHaveLength(1);

    const again = OutRunId.parse(await (await execute(baton, "FAULT.QUICK")).json()).run_id;
    expect(OutExecution.parse(await waitForStatus(baton.rest, again, (status) => status >= 1800)).status).toBe(1900);
    if (dialect === "sqlite") expect(sqliteIntegrity(baton.location.dataDir)).toBe("ok");
  });
});
