import { describe, expect, it } from "vitest";
import { eachWithFreshStore, testDialects } from "../testing/test-databases";
import type { Store } from "./connect";
import { explicitFoldersInTree, findFolder, folderExists, writeFolder } from "./folders-store";
import { findObject, objectFoldersInTree, objectsInFolderTree, objectsMentioning, objectTypesNamed, upsertObjects, type ObjectRow } from "./objects-store";

function row(name: string, folder: string, body: Record<string, unknown> = {}, type = "JOBS"): ObjectRow {
  return { type, name, folder, body: JSON.stringify({ general_attributes: { name, type }, ...body }) };
}

describe.each(testDialects)("objects and folders store on %s", (dialect) => {
  let store: Store;
  eachWithFreshStore(dialect, (fresh) => {
    store = fresh.store;
  });

  it("inserts new objects and replaces existing ones in batches, keeping their creation details", async () => {
    const rows = Array.from({ length: 450 }, (_, i) => row(`UP.${String(i).padStart(3, "0")}`, "A"));
    await upsertObjects(store.db, 100, rows, "FIRST/USER", 1000);
    await upsertObjects(store.db, 100, [row("UP.001", "B", { changed: true })], "SECOND/USER", 2000);
    expect(await findObject(store.db, 100, "UP.001")).toMatchObject({ folder: "B", body: { changed: true }, createdAt: 1000, createdBy: "FIRST/USER", modifiedAt: 2000, modifiedBy: "SECOND/USER" });
    const types = await objectTypesNamed(store.db, 100, [...rows.map((r) => r.name), "UP.NONE"]);
    expect(types.size).toBe(450);
    expect(types.get("UP.449")).toBe("JOBS");
    expect((await objectTypesNamed(store.db, 200, ["UP.001"])).size).toBe(0);
  });

  it("pages through a folder tree by folder and name, and only that tree", async () => {
    await upsertObjects(store.db, 100, [row("T.2", "TREE"), row("T.1", "TREE/SUB"), row("T.3", "TREE"), row("T.0", "TREE_X"), row("T.4", "TREEX/SUB"), row("T.5", "")], "U", 1);
    const names = async (folder: string, limit: number) => {
      const seen: string[] = [];
      let after: { folder: string; name: string } | undefined;
      for (;;) {
        const page = await objectsInFolderTree(store.db, 100, folder, after, limit);
        seen.push(...page.map((o) => `${o.folder}:${o.name}`));
        const last = page.at(-1);
        if (last === undefined || page.length < limit) return seen;
        after = { folder: last.folder, name: last.name };
      }
    };
    expect(await names("TREE", 1)).toEqual(["TREE:T.2", "TREE:T.3", "TREE/SUB:T.1"]);
    expect(await names("", 2)).toHaveLength(6);
    expect((await objectFoldersInTree(store.db, 100, "TREE")).sort()).toEqual(["TREE", "TREE/SUB"]);
  });

  it("finds objects whose body mentions a name, ignoring case, with _ taken literally", async () => {
    await upsertObjects(store.db, 100, [row("M.A", "", { tasks: ["my_job"] }), row("M.B", "", { tasks: ["MYXJOB"] }), row("M.C", "", { other: "x" })], "U", 1);
    expect((await objectsMentioning(store.db, 100, "MY_JOB")).map((o) => o.name)).toEqual(["M.A"]);
  });

  it("keeps or replaces an explicit folder and counts folders that hold objects or folders as existing", async () => {
    await writeFolder(store.db, 100, "OPS/EMPTY", JSON.stringify({ general_attributes: { name: "EMPTY", description: "one" } }), "U", 1, false);
    await writeFolder(store.db, 100, "OPS/EMPTY", JSON.stringify({ general_attributes: { name: "EMPTY", description: "two" } }), "U", 2, false);
    expect((await findFolder(store.db, 100, "OPS/EMPTY"))?.body.general_attributes).toMatchObject({ description: "one" });
    await writeFolder(store.db, 100, "OPS/EMPTY", JSON.stringify({ general_attributes: { name: "EMPTY", description: "two" } }), "V", 3, true);
    expect(await findFolder(store.db, 100, "OPS/EMPTY")).toMatchObject({ body: { general_attributes: { description: "two" } }, createdAt: 1, modifiedAt: 3, modifiedBy: "V" });
    await upsertObjects(store.db, 100, [row("IN.DEEP", "DATA/DEEP/ER")], "U", 1);
    for (const path of ["", "OPS", "OPS/EMPTY", "DATA", "DATA/DEEP", "DATA/DEEP/ER"]) expect(await folderExists(store.db, 100, path)).toBe(true);
    for (const path of ["OP", "OPS/EMPTY/NO", "DATA/DEE", "NONE"]) expect(await folderExists(store.db, 100, path)).toBe(false);
    expect(await folderExists(store.db, 200, "OPS")).toBe(false);
    expect((await explicitFoldersInTree(store.db, 100, "OPS")).map((f) => f.path)).toEqual(["OPS/EMPTY"]);
  });
});
