import { ErrorCode, OutExecution, OutExecutionList, OutRunId } from "@baton/contract";
import { lockDatabase, sqliteIntegrity, testDialects } from "@baton/engine/testing";
import { describe, expect, it } from "vitest";
import { waitForStatus } from "../testing/baton-process";
import { jobEnvelope } from "../testing/test-baton";
import { faultBatons, post, type FaultBaton } from "./fault-batons";

/** Longer than SQLite's busy timeout (5 s) and PostgreSQL's statement timeout set below. */
const LOCK_MS = 8000;

describe.each(testDialects)("the database locked by another process (%s)", (dialect) => {
  const batons = faultBatons();
  const execute = (baton: FaultBaton, name: string) => baton.send("/100/executions", post({ object_name: name, execution_option: "execute" }));
  const runsOf = async (baton: FaultBaton, name: string) => OutExecutionList.parse(await (await baton.send(`/100/executions?name=${name}`)).json()).data;

  it("refuses writes with 503 DATABASE_BUSY, writes nothing, records a job that ended meanwhile, and works again once released", { timeout: 90_000 }, async () => {
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
      const imported = await baton.send("/100/objects", post(jobEnvelope("FAULT.NEW", ["echo new"])));
      expect(imported.status).toBe(503);
      // The slow job ends while the lock is held.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, LOCK_MS - (Date.now() - lockedAt))));
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
