import { OutFolderImport } from "@baton/contract";
import { openStore } from "@baton/engine";
import { sqliteIntegrity, testDialects, type DatabaseLocation } from "@baton/engine/testing";
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
    // Killed while the import's one transaction writes: once the body is in, the objects are being written.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    first.child.kill("SIGKILL");
    await exited(first.child);
    expect(await answer).toBeUndefined();

    if (dialect === "sqlite") expect(sqliteIntegrity(location.dataDir)).toBe("ok");
    const afterKill = await importedObjects(location);
    expect([0, OBJECTS]).toContain(afterKill);
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
