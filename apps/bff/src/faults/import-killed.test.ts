import { OutFolderImport } from "@baton/contract";
import { openStore } from "@baton/engine";
import { sqliteIntegrity, testDialects, untilLongWriteTransaction, type DatabaseLocation } from "@baton/engine/testing";
import { describe, expect, it } from "vitest";
import { exited } from "../testing/baton-process";
import { faultBatons } from "./fault-batons";
import { folderExport } from "./folder-export";

const OBJECTS = 10_000;

/** How many objects of the import are in the database, read with a store of the test's own. */
async function importedObjects(location: DatabaseLocation): Promise<number> {
  const store = await openStore(location);
  try {
    const row = await store.db.selectFrom("objects").select(({ fn }) => fn.countAll<number>().as("count")).where("client", "=", 100).where("name", "like", "KILLED.%").executeTakeFirstOrThrow();
    return Number(row.count);
  } finally {
    await store.close();
  }
}

describe.each(testDialects)("Baton killed mid-import (%s)", (dialect) => {
  const batons = faultBatons();

  it("keeps all of a folder import or none of it, and the import can be repeated", { timeout: 120_000 }, async () => {
    const location = await batons.database(dialect);
    const first = await batons.startOn(location);
    const body = folderExport("KILLED", OBJECTS);
    const answer = first.send("/100/folderobjects?folder_path=KILLED", { method: "POST", body }).catch(() => undefined);
    // Killed while the import's one transaction writes, however fast the machine: no other write lasts 100 ms.
    await untilLongWriteTransaction(location, 100);
    first.child.kill("SIGKILL");
    await exited(first.child);
    const answered = await answer;

    if (dialect === "sqlite") expect(sqliteIntegrity(location.dataDir)).toBe("ok");
    const afterKill = await importedObjects(location);
    // All of it or none; an answer (the commit beat the kill by a hair) means all of it.
    expect(answered === undefined ? [0, OBJECTS] : [OBJECTS]).toContain(afterKill);
    const second = await batons.startOn(location);
    const started = Date.now();
    const repeated = await second.send("/100/folderobjects?folder_path=KILLED&overwrite_existing_objects=true", { method: "POST", body });
    expect(repeated.status).toBe(200);
    console.log(JSON.stringify({ dialect, objectsAfterKill: afterKill, repeatedImportMs: Date.now() - started }));
    const result = OutFolderImport.parse(await repeated.json());
    expect(result.created + result.replaced).toBe(OBJECTS);
    expect(await importedObjects(location)).toBe(OBJECTS);
  });
});
