import { ErrorCode, OutFolderImport, OutObject, Right, type OutFolderImportEntry } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basic, json, startTestBaton, type TestBaton } from "./testing/test-baton";

type Entry = Record<string, unknown>;

/** A folder entry (the vendor's shape) of a job whose process page says `marker`. */
function jobEntry(name: string, path: string, marker = "1"): Entry {
  return { data: { jobs: { general_attributes: { name, type: "JOBS" }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: [`echo ${marker}`] }] } }, path };
}

/** What a dry run and an import say of an entry, without the problems' wording. */
function summary(entry: OutFolderImportEntry): string {
  const problems = (entry.problems ?? []).map((p) => `${p.code} ${p.path}`).join("; ");
  return `${entry.name} ${entry.type} ${entry.path} ${entry.result} ${entry.change ?? "-"}${problems === "" ? "" : ` [${problems}]`}`;
}

describe.each(testDialects)("folder import dry runs and skipped entries on %s", (dialect) => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton(dialect);
    // What the client holds before: one job as it will be sent again, one that will change, a script whose name a job will want.
    const setup = await post([jobEntry("DRY.SAME", ""), jobEntry("DRY.OLD", "", "old"), { data: { scri: { general_attributes: { name: "DRY.SCRIPT" } } }, path: "" }], "?folder_path=DRY");
    expect(setup.status, await setup.clone().text()).toBe(200);
  });
  afterAll(async () => {
    await test.stop();
  });

  function post(data: Entry[], query: string, authorization?: string): Promise<Response> {
    const headers: Record<string, string> = { "content-type": "application/json", ...(authorization !== undefined && { authorization }) };
    return test.rest(`/100/folderobjects${query}`, { method: "POST", headers, body: JSON.stringify({ data }) });
  }

  async function answer(data: Entry[], query: string, authorization?: string): Promise<OutFolderImport> {
    const response = await post(data, query, authorization);
    expect(response.status, await response.clone().text()).toBe(200);
    return OutFolderImport.parse(await response.json());
  }

  /** Everything client 100 holds, as an export of the root, and when DRY.OLD was last changed. */
  async function holdings(): Promise<{ root: string; modified: string | undefined }> {
    const root = await (await test.rest("/100/folderobjects/%5C")).text();
    const old = OutObject.parse(await (await test.rest("/100/objects/DRY.OLD?fields=modification_details")).json());
    return { root, modified: old.modification_details?.modified_at };
  }

  /** One entry of each kind: new, unchanged, changed, another type's name, invalid, twice, of no type. */
  const mixed: Entry[] = [
    jobEntry("DRY.NEW", "SUB"),
    jobEntry("DRY.SAME", ""),
    jobEntry("DRY.OLD", "", "new"),
    jobEntry("DRY.SCRIPT", ""),
    { data: { hostg: { general_attributes: { name: "DRY.GROUP" }, agent_group_attributes: { platform: "UNIX", mode: "Q" } } }, path: "" },
    jobEntry("DRY.NEW", "ELSEWHERE"),
    { data: { jobz: { general_attributes: { name: "DRY.ODD" } } }, path: "" },
  ];
  const invalidOnes = [
    `DRY.SCRIPT JOBS DRY skipped - [${ErrorCode.OBJECT_EXISTS} data[3].data.jobs.general_attributes.name]`,
    `DRY.GROUP HOSTG DRY skipped - [${ErrorCode.INVALID_OBJECT} data[4].data.hostg.agent_group_attributes.mode]`,
    `DRY.NEW JOBS DRY/ELSEWHERE skipped - [${ErrorCode.INVALID_OBJECT} data[5].data.jobs.general_attributes.name]`,
    `DRY.ODD JOBZ DRY skipped - [${ErrorCode.INVALID_OBJECT} data[6].data.jobz]`,
  ];

  it("answers every entry as the import would, with the reasons of those it would skip, and writes nothing", async () => {
    const before = await holdings();
    const dry = await answer(mixed, "?folder_path=DRY&dry_run=true&overwrite_existing_objects=true");
    expect(dry).toMatchObject({ dry_run: true, total: 7, created: 1, replaced: 2, kept: 0, skipped: 4, created_folders: [] });
    expect(dry.objects.map(summary)).toEqual(["DRY.NEW JOBS DRY/SUB created new", "DRY.SAME JOBS DRY replaced unchanged", "DRY.OLD JOBS DRY replaced changed", ...invalidOnes]);
    expect(dry.objects[3]?.problems?.[0]?.error).toBe("exists as SCRI; an object of type JOBS cannot replace it");
    expect(dry.objects[5]?.problems?.[0]?.error).toBe("is imported twice (also at data[0].data.jobs)");
    expect(await holdings()).toEqual(before);
    expect((await test.rest("/100/objects/DRY.NEW")).status).toBe(404);
  });

  it("without overwrite, answers existing objects as skipped and says whether they changed", async () => {
    const dry = await answer(mixed.slice(0, 3), "?folder_path=DRY&dry_run=true");
    expect(dry.objects.map(summary)).toEqual([
      "DRY.NEW JOBS DRY/SUB created new",
      `DRY.SAME JOBS DRY skipped unchanged [${ErrorCode.OBJECT_EXISTS} data[1].data.jobs.general_attributes.name]`,
      `DRY.OLD JOBS DRY skipped changed [${ErrorCode.OBJECT_EXISTS} data[2].data.jobs.general_attributes.name]`,
    ]);
  });

  it("says from which folder an existing object would move; an all-or-nothing answer stays the vendor's", async () => {
    const data = [jobEntry("DRY.SAME", "MOVED"), jobEntry("DRY.OLD", "", "old")];
    const dry = await answer(data, "?folder_path=DRY&dry_run=true&overwrite_existing_objects=true");
    expect(dry.objects.map((entry) => [entry.name, entry.path, entry.change, entry.moved_from])).toEqual([
      ["DRY.SAME", "DRY/MOVED", "changed", "DRY"],
      ["DRY.OLD", "DRY", "unchanged", undefined],
    ]);
    const done = await answer([jobEntry("DRY.MOVING", "")], "?folder_path=DRY");
    expect(done.objects[0]).toEqual({ name: "DRY.MOVING", type: "JOBS", path: "DRY", result: "created" });
    const moved = await answer([jobEntry("DRY.MOVING", "AWAY")], "?folder_path=DRY&overwrite_existing_objects=true");
    expect(moved.objects[0]).toEqual({ name: "DRY.MOVING", type: "JOBS", path: "DRY/AWAY", result: "replaced" });
  });

  it("does not make a missing folder_path in a dry run, though it says it would", async () => {
    const dry = await answer([jobEntry("DRY.FOLDERLESS", "")], "?folder_path=DRY.MISSING&dry_run=true");
    expect(dry.created_folders).toEqual(["DRY.MISSING"]);
    expect((await test.rest("/100/folderobjects/DRY.MISSING")).status).toBe(404);
  });

  it("with skip_invalid imports what the dry run said it would, and skips the rest with the same reasons", async () => {
    const query = "?folder_path=DRY&overwrite_existing_objects=true";
    const dry = await answer(mixed, `${query}&dry_run=true`);
    const done = await answer(mixed, `${query}&skip_invalid=true`);
    expect(done.dry_run).toBeUndefined();
    expect(done.objects).toEqual(dry.objects);
    expect(OutObject.parse(await (await test.rest("/100/objects/DRY.NEW")).json()).path).toBe("DRY/SUB");
    expect(JSON.stringify(OutObject.parse(await (await test.rest("/100/objects/DRY.OLD")).json()).data)).toContain("echo new");
    expect((await test.rest("/100/objects/DRY.GROUP")).status).toBe(404);
    const again = await answer(mixed.slice(0, 3), `${query}&dry_run=true`);
    expect(again.objects.map((entry) => entry.change)).toEqual(["unchanged", "unchanged", "unchanged"]);
  });

  it("an all-or-nothing import after a dry run without skipped entries does what the dry run said", async () => {
    const data = [jobEntry("DRY.AON.A", ""), jobEntry("DRY.AON.B", "SUB"), { data: { fold: { general_attributes: { name: "SUB" } } }, path: "" }];
    const dry = await answer(data, "?folder_path=DRY.AON&dry_run=true");
    expect(dry).toMatchObject({ skipped: 0, created: 3, created_folders: ["DRY.AON"] });
    const done = await answer(data, "?folder_path=DRY.AON");
    expect(done.objects.map((o) => `${o.name} ${o.result}`)).toEqual(dry.objects.map((o) => `${o.name} ${o.result}`));
    expect(done.created_folders).toEqual(dry.created_folders);
  });

  it("checks rights as the import does: what the user may not write is skipped in a dry run, refused (403) all or nothing", async () => {
    const user = {
      general_attributes: { name: "DRYWRITER/OPS" },
      user_attributes: { password: "Writer-pass1" },
      authorizations: [{ filter_object_type: "*", filter_object_name: "DRYW.OK.*", bitcode: Right.READ | Right.WRITE, auth_group: 1 }],
    };
    expect((await test.rest("/100/objects", json({ data: { user }, path: "USERS" }))).status).toBe(200);
    const writer = basic("DRYWRITER/OPS:Writer-pass1");
    const data = [jobEntry("DRYW.OK.ONE", ""), jobEntry("DRYW.NOT.MINE", "")];
    const dry = await answer(data, "?folder_path=DRYW.OK.FOLDER&dry_run=true", writer);
    expect(dry.objects.map(summary)).toEqual(["DRYW.OK.ONE JOBS DRYW.OK.FOLDER created new", `DRYW.NOT.MINE JOBS DRYW.OK.FOLDER skipped - [${ErrorCode.FORBIDDEN} data[1].data.jobs.general_attributes.name]`]);
    expect(dry.objects[1]?.problems?.[0]?.error).toContain("DRYW.NOT.MINE");
    expect((await post(data, "?folder_path=DRYW.OK.FOLDER", writer)).status).toBe(403);
    expect((await test.rest("/100/objects/DRYW.OK.ONE")).status).toBe(404);
    const skipped = await answer(data, "?folder_path=DRYW.OK.FOLDER&skip_invalid=true", writer);
    expect(skipped.objects.map((o) => o.result)).toEqual(["created", "skipped"]);
    expect((await test.rest("/100/objects/DRYW.NOT.MINE")).status).toBe(404);
  });
});
