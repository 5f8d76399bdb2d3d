import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../testing/test-databases";
import { claimAgentKey, findAgent, insertAgent } from "./agents-store";
import { openStore, type Store } from "./connect";

const CONTENDERS = 6;

describe.each(testDialects)("the claim of an agent's credential on %s", (dialect) => {
  let database: TestDatabase;
  let store: Store;
  const agent = (name: string, keyHash: string | null = null) =>
    insertAgent(store.db, { name, platform: "UNIX", version: "1", hardware: "", software: "", ip_address: "", authenticated: 1, key_hash: keyHash, owner_client: null, created_at: 1, last_seen_at: null });
  const keyOf = async (name: string) => (await findAgent(store.db, name))?.key_hash;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
  });
  beforeEach(async () => {
    await store.db.deleteFrom("agents").execute();
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it("gives an agent without a credential the first one claimed, and keeps it against later claims", async () => {
    await agent("WIN01");
    await agent("WIN02");
    expect(await claimAgentKey(store.db, "WIN01", "hash-a")).toBe(true);
    expect(await keyOf("WIN01")).toBe("hash-a");
    expect(await claimAgentKey(store.db, "WIN01", "hash-b")).toBe(false);
    expect(await claimAgentKey(store.db, "WIN01", "hash-a")).toBe(false);
    expect(await keyOf("WIN01")).toBe("hash-a");
    expect(await keyOf("WIN02")).toBeNull();
  });

  it("refuses an agent that had a credential already, and one that does not exist", async () => {
    await agent("WIN01", "hash-old");
    expect(await claimAgentKey(store.db, "WIN01", "hash-new")).toBe(false);
    expect(await keyOf("WIN01")).toBe("hash-old");
    expect(await claimAgentKey(store.db, "NOBODY", "hash-new")).toBe(false);
    expect(await findAgent(store.db, "NOBODY")).toBeUndefined();
  });

  it("gives the credential to exactly one of several connections claiming at once", async () => {
    await agent("WIN01");
    const hashes = Array.from({ length: CONTENDERS }, (_, i) => `hash-${i}`);
    const results = await Promise.all(hashes.map((hash) => claimAgentKey(store.db, "WIN01", hash)));
    const winners = hashes.filter((_, i) => results[i]);
    expect(winners).toHaveLength(1);
    expect(await keyOf("WIN01")).toBe(winners[0]);
  });
});
