import { Status } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newExecution } from "../testing/new-execution";
import { createTestDatabase, testDialects, type TestDatabase } from "../testing/test-databases";
import { activeJobsByAgent } from "./agents-store";
import { openStore, type Store } from "./connect";
import { insertExecution } from "./executions-store";

describe.each(testDialects)("the active jobs of agents on %s", (dialect) => {
  let database: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it("counts a client's executions that have not ended, per agent, as the list filtered by agent and ANY_ACTIVE shows them", async () => {
    const seed = (client: number, agent: string | null, status: number) => insertExecution(store.db, newExecution({ client, agent, status }), "{}", 1_000);
    await seed(100, "LOCAL", Status.ACTIVE);
    await seed(100, "LOCAL", Status.ACTIVE);
    await seed(100, "LOCAL", Status.WAITING_FOR_RESOURCE);
    await seed(100, "LOCAL", Status.ENDED_OK);
    await seed(100, "LOCAL", Status.ENDED_NOT_OK);
    await seed(100, "WIN01", Status.START_INITIATED);
    await seed(100, "WIN02", Status.ENDED_CANCEL);
    // Not on an agent yet, and another client's: not counted for client 100.
    await seed(100, null, Status.WAITING_FOR_START_TIME);
    await seed(200, "LOCAL", Status.ACTIVE);

    expect(Object.fromEntries(await activeJobsByAgent(store.db, 100))).toEqual({ LOCAL: 3, WIN01: 1 });
    expect(Object.fromEntries(await activeJobsByAgent(store.db, 200))).toEqual({ LOCAL: 1 });
    expect(await activeJobsByAgent(store.db, 300)).toEqual(new Map());
  });
});
