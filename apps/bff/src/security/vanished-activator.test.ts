import { OutRunId, Right } from "@baton/contract";
import { openStore } from "@baton/engine";
import { createTestDatabase, testDialects } from "@baton/engine/testing";
import { describe, expect, it } from "vitest";
import { call, processesPerTest, waitForStatus } from "../testing/baton-process";
import { basic, jobEnvelope } from "../testing/test-baton";

// A waiting execution that a restarted engine starts gets the rights its activating user has then.
// When that user is gone (a repository moved to a commit without it, a client's users replaced),
// the execution cannot start: it must end on its own and leave the scheduler's round to the other
// executions.
describe.each(testDialects)("an execution whose activating user is gone on %s", (dialect) => {
  const { start, stop } = processesPerTest();

  it("ends FAULT_OTHER when its time comes after a restart, and the executions due with it still run", async () => {
    const database = await createTestDatabase(dialect);
    const env: Record<string, string> = database.databaseUrl === undefined ? {} : { DATABASE_URL: database.databaseUrl };
    const dir = database.dataDir;
    const first = await start(dir, env);
    const user = {
      data: {
        user: {
          general_attributes: { name: "LEAVER/OPS", type: "USER" },
          user_attributes: { is_active: "1", is_locked: "0", password: "Leaver-pass1" },
          authorizations: [{ filter_object_type: "JOBS", filter_object_name: "LEAVER.*", bitcode: Right.EXECUTE | Right.READ | Right.STATISTICS, auth_group: 1 }],
        },
      },
      path: "USERS",
    };
    for (const envelope of [user, jobEnvelope("LEAVER.JOB", ["echo leaver"]), jobEnvelope("STAYER.JOB", ["echo stayer"])]) await call(first.rest, "/100/objects?overwrite_existing_objects=true", envelope);
    const once = (objectName: string) => ({ objectName, executionOption: "once", once: { executionDateTime: new Date(Date.now() + 6_000).toISOString() } });
    const asLeaver = await fetch(`${first.rest}/100/executions`, { method: "POST", headers: { "content-type": "application/json", authorization: basic("LEAVER/OPS:Leaver-pass1") }, body: JSON.stringify(once("LEAVER.JOB")) });
    expect(asLeaver.status, await asLeaver.clone().text()).toBe(200);
    const orphan = OutRunId.parse(await asLeaver.json()).run_id;
    const other = OutRunId.parse(await call(first.rest, "/100/executions", once("STAYER.JOB"))).run_id;
    expect(await stop(first)).toBe(0);

    // The user goes while its execution waits for its start time.
    const store = await openStore({ dataDir: dir, databaseUrl: database.databaseUrl });
    try {
      await store.db.deleteFrom("objects").where("client", "=", 100).where("name", "=", "LEAVER/OPS").execute();
    } finally {
      await store.db.destroy();
    }

    const second = await start(dir, env);
    expect((await waitForStatus(second.rest, orphan, (status) => status >= 1800)).status).toBe(1820);
    expect((await waitForStatus(second.rest, other, (status) => status >= 1800)).status).toBe(1900);
    // The scheduler goes on: a later start runs too.
    const later = OutRunId.parse(await call(second.rest, "/100/executions", { objectName: "STAYER.JOB", executionOption: "execute" })).run_id;
    expect((await waitForStatus(second.rest, later, (status) => status >= 1800)).status).toBe(1900);
    await stop(second);
    await database.drop();
  }, 60_000);
});
