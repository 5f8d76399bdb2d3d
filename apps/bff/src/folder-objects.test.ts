import { ErrorCode, OBJECT_TYPE_KEYS, OutError, OutFolderImport, OutFolderObjects, OutObject, OutValidationError, ResultInfo, Right } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { sampleBody } from "./testing/object-bodies";
import { basic, jobEnvelope, json, startTestBaton, type TestBaton } from "./testing/test-baton";

const ValidationErrors = z.array(OutValidationError);
type Entry = Record<string, unknown>;

/** A folder entry of a job whose process page says `marker` (in Baton's earlier shape, without `data`: still imported). */
function jobEntry(name: string, path: string, marker = "1"): Entry {
  return { jobs: { general_attributes: { name, type: "JOBS" }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: [`echo ${marker}`] }] }, path };
}

describe.each(testDialects)("folder objects on %s", (dialect) => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton(dialect);
  });
  afterAll(async () => {
    await test.stop();
  });

  function importFolder(data: Entry[] | string, query = "", client = 100, headers: Record<string, string> = {}): Promise<Response> {
    const body = typeof data === "string" ? data : JSON.stringify({ data });
    return test.rest(`/${client}/folderobjects${query}`, { method: "POST", headers: { "content-type": "application/octet-stream", ...headers }, body });
  }

  async function imported(data: Entry[], query = "", client = 100): Promise<OutFolderImport> {
    const response = await importFolder(data, query, client);
    expect(response.status, await response.clone().text()).toBe(200);
    return OutFolderImport.parse(await response.json());
  }

  async function exportFolder(path: string, client = 100, authorization?: string): Promise<OutFolderObjects> {
    const response = await test.rest(`/${client}/folderobjects/${path}`, authorization === undefined ? {} : { headers: { authorization } });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    return OutFolderObjects.parse(JSON.parse(await response.text()));
  }

  async function objectOf(name: string, client = 100): Promise<OutObject | undefined> {
    const response = await test.rest(`/${client}/objects/${encodeURIComponent(name)}`);
    return response.status === 404 ? undefined : OutObject.parse(await response.json());
  }

  describe("export and import of a tree", () => {
    /** Every type once, in nested folders relative to the imported folder. */
    const entries: Entry[] = OBJECT_TYPE_KEYS.map((key) => ({ [key]: sampleBody(key, "FX"), path: key === "fold" ? "" : `TYPES/${key.toUpperCase()}` }));
    /** How the export of the folder SRC writes such an entry: the object under `data`, its path below SRC. */
    const exportedAs = ({ path, ...object }: Entry) => ({ data: object, path: path === "" ? "SRC" : `SRC/${String(path)}` });

    it("imports every type below folder_path and exports it with the folder first, paths relative to the folder it lies in", async () => {
      const result = await imported(entries, "?folder_path=%5CExport%5CSrc");
      expect(result).toMatchObject({ folder_path: "EXPORT/SRC", total: entries.length, created: entries.length, replaced: 0, kept: 0, created_folders: ["EXPORT/SRC"] });
      expect(result.objects.find((o) => o.type === "JOBS")).toEqual({ name: "FX.JOBS", type: "JOBS", path: "EXPORT/SRC/TYPES/JOBS", result: "created" });
      expect((await objectOf("FX.JOBS"))?.path).toBe("EXPORT/SRC/TYPES/JOBS");

      const exported = await exportFolder("EXPORT/SRC");
      expect(exported.data[0]).toEqual({ data: { fold: { general_attributes: { name: "SRC", type: "FOLD" } } }, path: "" });
      for (const entry of entries) expect(exported.data).toContainEqual(exportedAs(entry));
      const folders = exported.data.filter((entry) => "fold" in entry.data).map((entry) => `${entry.path}|${JSON.stringify(entry.data["fold"])}`);
      expect(folders).toContain(`SRC|${JSON.stringify({ general_attributes: { name: "TYPES", type: "FOLD" } })}`);
      expect(folders).toContain(`SRC/TYPES|${JSON.stringify({ general_attributes: { name: "JOBS", type: "FOLD" } })}`);
      expect(exported.warnings).toEqual({ unresolved_external_references: [], access_denied: [] });
    });

    it("recreates the same tree when the export is imported elsewhere, and exports it again unchanged", async () => {
      const first = await exportFolder("EXPORT%2FSRC");
      const copy = await imported(first.data, "?folder_path=COPY/HERE", 0);
      expect(copy.created_folders).toEqual(["COPY/HERE"]);
      expect((await objectOf("FX.SCRI", 0))?.path).toBe("COPY/HERE/SRC/TYPES/SCRI");
      expect(await exportFolder("%5CCOPY%5CHERE%5CSRC", 0)).toEqual(first);
      const again = await imported(first.data, "?folder_path=COPY/HERE&overwrite_existing_objects=true", 0);
      expect(again).toMatchObject({ created: 0, created_folders: [] });
      expect(await exportFolder("COPY/HERE/SRC", 0)).toEqual(first);
    });

    it("moves the objects into the other folder when imported there with overwrite_existing_objects=true", async () => {
      const first = await exportFolder("EXPORT/SRC");
      const moved = await imported(first.data, "?folder_path=MOVED&overwrite_existing_objects=true");
      expect(moved.objects.filter((o) => o.type !== "FOLD").every((o) => o.result === "replaced")).toBe(true);
      expect(moved.objects.filter((o) => o.type === "FOLD").every((o) => o.result === "created")).toBe(true);
      expect((await objectOf("FX.JOBP"))?.path).toBe("MOVED/SRC/TYPES/JOBP");
      expect((await exportFolder("MOVED/SRC")).data).toEqual(first.data);
    });

    it("exports the root with \\ or /: no entry for the root itself, paths from the root", async () => {
      const root = await exportFolder("%5C");
      expect(root.data).toContainEqual({ data: { fold: { general_attributes: { name: "MOVED", type: "FOLD" } } }, path: "" });
      expect(root.data).toContainEqual(expect.objectContaining({ path: "MOVED/SRC/TYPES/JOBS" }));
      expect((await exportFolder("%2F")).data.length).toBe(root.data.length);
    });

    it("answers 404 for a folder that does not exist and 400 for a bad path", async () => {
      expect((await test.rest("/100/folderobjects/NO/SUCH/FOLDER")).status).toBe(404);
      const bad = await test.rest("/100/folderobjects/A%2F..%2FB");
      expect(bad.status).toBe(400);
      expect(ValidationErrors.parse(await bad.json())[0]).toMatchObject({ path: "folder_path" });
      // Too long for the path's schema: named as the spec names it too, not as the route's wildcard.
      const long = await test.rest(`/100/folderobjects/${"A".repeat(5000)}`);
      expect(long.status).toBe(400);
      expect(ValidationErrors.parse(await long.json())[0]).toMatchObject({ path: "folder_path" });
    });
  });

  describe("all or nothing", () => {
    it("imports nothing when one entry is invalid, and names each bad entry by its index", async () => {
      const data = [jobEntry("AON.A", ""), jobEntry("AON.B", "SUB"), jobEntry("AON.C", ""), { hostg: { general_attributes: { name: "AON.D" }, agent_group_attributes: { platform: "UNIX", mode: "Q" } }, path: "" }, jobEntry("AON.E", "../up")];
      const response = await importFolder(data, "?folder_path=AON");
      expect(response.status).toBe(400);
      expect(ValidationErrors.parse(await response.json()).map((issue) => issue.path)).toEqual(["data[3].hostg.agent_group_attributes.mode", "data[4].path"]);
      for (const name of ["AON.A", "AON.B", "AON.C"]) expect(await objectOf(name)).toBeUndefined();
      expect((await test.rest("/100/folderobjects/AON")).status).toBe(404);
    });

    it("imports nothing when one object exists, answering 400 with each conflict", async () => {
      await test.rest("/100/objects", json(jobEnvelope("AON.EXISTS", ["echo old"])));
      await test.rest("/100/objects", json({ data: { scri: { general_attributes: { name: "AON.SCRIPT" } } }, path: "" }));
      const data = [jobEntry("AON.NEW", ""), jobEntry("AON.EXISTS", ""), jobEntry("AON.SCRIPT", "")];
      const refused = await importFolder(data, "?folder_path=AON2");
      expect(refused.status).toBe(400);
      expect(ValidationErrors.parse(await refused.json())).toEqual([
        expect.objectContaining({ code: ErrorCode.OBJECT_EXISTS, path: "data[1].jobs.general_attributes.name", invalid_value: "AON.EXISTS" }),
        expect.objectContaining({ code: ErrorCode.OBJECT_EXISTS, path: "data[2].jobs.general_attributes.name", invalid_value: "AON.SCRIPT" }),
      ]);
      expect(await objectOf("AON.NEW")).toBeUndefined();
      const anotherType = await importFolder(data, "?folder_path=AON2&overwrite_existing_objects=true");
      expect(anotherType.status).toBe(400);
      expect(ValidationErrors.parse(await anotherType.json()).map((issue) => issue.path)).toEqual(["data[2].jobs.general_attributes.name"]);
      expect(await objectOf("AON.NEW")).toBeUndefined();
      expect((await objectOf("AON.EXISTS"))?.data["jobs"]?.["scripts"]).toEqual([{ process: ["echo old"] }]);
    });

    it("imports nothing when the user may not write one of the objects", async () => {
      const user = {
        general_attributes: { name: "WRITER/OPS" },
        user_attributes: { password: "Writer-pass1" },
        authorizations: [{ filter_object_type: "*", filter_object_name: "W.OK.*", bitcode: Right.READ | Right.WRITE, auth_group: 1 }],
      };
      expect((await test.rest("/100/objects", json({ data: { user }, path: "USERS" }))).status).toBe(200);
      const response = await test.rest("/100/folderobjects?folder_path=W.OK.FOLDER", {
        method: "POST",
        headers: { authorization: basic("WRITER/OPS:Writer-pass1"), "content-type": "application/json" },
        body: JSON.stringify({ data: [jobEntry("W.OK.ONE", ""), jobEntry("W.NOT.MINE", "")] }),
      });
      expect(response.status).toBe(403);
      expect(OutError.parse(await response.json()).details).toContain("W.NOT.MINE");
      expect(await objectOf("W.OK.ONE")).toBeUndefined();
    });
  });

  describe("what an import answers", () => {
    it("says per object whether it was created or replaced and per folder whether it was kept", async () => {
      const data = [{ fold: { general_attributes: { name: "SUB", description: "first" } }, path: "" }, jobEntry("OUT.A", "SUB")];
      expect(await imported(data, "?folder_path=OUTCOME")).toMatchObject({ created: 2, replaced: 0, kept: 0, created_folders: ["OUTCOME"] });
      const refused = await importFolder(data, "?folder_path=OUTCOME");
      expect(refused.status).toBe(400);
      expect(ValidationErrors.parse(await refused.json())).toContainEqual(expect.objectContaining({ code: ErrorCode.OBJECT_EXISTS, invalid_value: "OUT.A" }));
      const replaced = await imported([...data, jobEntry("OUT.B", "")], "?folder_path=OUTCOME&overwrite_existing_objects=true");
      expect(replaced).toMatchObject({ total: 3, created: 1, replaced: 2, kept: 0, created_folders: [] });
      expect(replaced.objects).toEqual([
        { name: "SUB", type: "FOLD", path: "OUTCOME", result: "replaced" },
        { name: "OUT.A", type: "JOBS", path: "OUTCOME/SUB", result: "replaced" },
        { name: "OUT.B", type: "JOBS", path: "OUTCOME", result: "created" },
      ]);
      const kept = await imported([data[0] ?? {}], "?folder_path=OUTCOME");
      expect(kept.objects).toEqual([{ name: "SUB", type: "FOLD", path: "OUTCOME", result: "kept" }]);
    });

    it("creates a missing folder_path even for an empty import", async () => {
      expect(await imported([], "?folder_path=EMPTY%2FNEW")).toEqual({ folder_path: "EMPTY/NEW", total: 0, created: 0, replaced: 0, kept: 0, created_folders: ["EMPTY/NEW"], objects: [] });
      expect(await exportFolder("EMPTY/NEW")).toEqual({ data: [{ data: { fold: { general_attributes: { name: "NEW", type: "FOLD" } } }, path: "" }], warnings: { unresolved_external_references: [], access_denied: [] } });
      expect((await objectOf("\\EMPTY\\NEW"))?.data).toEqual({ fold: { general_attributes: { name: "NEW", type: "FOLD" } } });
    });

    it.each([
      ["malformed JSON", '{"data": [{"jobs": ', 400, { code: ErrorCode.MALFORMED_BODY }],
      ["an empty body", "", 400, { code: ErrorCode.MALFORMED_BODY }],
      ["a body without data", '{"warnings": {}}', 400, [{ path: "data" }]],
      ["an entry with two objects", JSON.stringify({ data: [{ ...jobEntry("BAD.TWO", ""), scri: { general_attributes: { name: "S" } } }] }), 400, [{ path: "data[0]" }]],
      ["an entry of an unknown type", JSON.stringify({ data: [{ jobz: { general_attributes: { name: "BAD.TYPE" } }, path: "" }] }), 400, [{ path: "data[0].jobz", invalid_value: "jobz" }]],
      ["an entry without general_attributes", JSON.stringify({ data: [{ jobs: {}, path: "" }] }), 400, [{ path: "data[0].jobs.general_attributes" }]],
      ["an object twice", JSON.stringify({ data: [jobEntry("BAD.TWICE", ""), jobEntry("bad.twice", "X")] }), 400, [{ path: "data[1].jobs.general_attributes.name", error: "is imported twice (also at data[0].jobs)" }]],
    ])("refuses %s", async (_, body, status, expected) => {
      const response = await importFolder(body, "?folder_path=BAD");
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject(expected);
      expect((await test.rest("/100/folderobjects/BAD")).status).toBe(404);
    });

    it("refuses a bad folder_path", async () => {
      const response = await importFolder([], "?folder_path=..%2Fetc");
      expect(response.status).toBe(400);
      expect(ValidationErrors.parse(await response.json())[0]).toMatchObject({ path: "folder_path", invalid_value: "../etc" });
    });

    it("refuses a body over 50 MiB with 413, declared or streamed", async () => {
      const declared = await test.rest("/100/folderobjects", { method: "POST", headers: { "content-type": "application/json", "content-length": String(50 * 1024 * 1024 + 1) }, body: "x" }).catch(() => undefined);
      if (declared !== undefined) expect(declared.status).toBe(413);
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(Buffer.from('{"data": ['));
          if (sent > 51) controller.close();
          else controller.enqueue(chunk);
          sent++;
        },
      });
      const streamed = await test.rest("/100/folderobjects", { method: "POST", headers: { "content-type": "application/json" }, body: stream, duplex: "half" });
      expect(streamed.status).toBe(413);
      expect(await streamed.json()).toMatchObject({ code: ErrorCode.PAYLOAD_TOO_LARGE });
    });
  });

  describe("warnings of an export", () => {
    beforeAll(async () => {
      await imported([jobEntry("WARN.OUTSIDE", "")], "?folder_path=WARN.ELSEWHERE");
      const flow = {
        jobp: {
          general_attributes: { name: "WARN.FLOW" },
          workflow_definitions: [
            { line_number: "1", object_name: "START", object_type: "<START>" },
            { line_number: "2", object_name: "WARN.OUTSIDE", object_type: "JOBS" },
            { line_number: "3", object_name: "WARN.INSIDE", object_type: "JOBS" },
            { line_number: "4", object_name: "WARN.NOWHERE", object_type: "JOBS" },
            { line_number: "5", object_name: "END", object_type: "<END>" },
          ],
        },
        path: "",
      };
      await imported([flow, jobEntry("WARN.INSIDE", "SUB"), jobEntry("WARN.SECRET", "SUB")], "?folder_path=WARN");
      const reader = {
        general_attributes: { name: "WARN.READER/OPS" },
        user_attributes: { password: "Reader-pass1" },
        authorizations: [
          { filter_object_type: "*", filter_object_name: "*", bitcode: Right.READ, auth_group: 1 },
          { filter_object_type: "JOBS", filter_object_name: "WARN.SECRET", bitcode: Right.READ, auth_group: 0 },
          { filter_object_type: "FOLD", filter_object_name: "/warn/sub", bitcode: Right.READ, auth_group: 0 },
        ],
      };
      expect((await test.rest("/100/objects", json({ data: { user: reader }, path: "USERS" }))).status).toBe(200);
    });

    it("names the objects the export refers to but does not carry", async () => {
      const exported = await exportFolder("WARN");
      expect(exported.warnings?.unresolved_external_references).toEqual(["WARN.OUTSIDE"]);
      expect(exported.data.map((entry) => Object.keys(entry.data)[0])).toEqual(["fold", "fold", "jobp", "jobs", "jobs"]);
    });

    it("leaves out what the user may not read and names it: objects by name, folders by path", async () => {
      const exported = await exportFolder("WARN", 100, basic("WARN.READER/OPS:Reader-pass1"));
      expect(exported.warnings?.access_denied).toEqual(["\\WARN\\SUB", "WARN.SECRET"]);
      expect(JSON.stringify(exported.data)).not.toContain("WARN.SECRET");
      expect(exported.data.map((entry) => Object.keys(entry.data)[0])).toEqual(["fold", "jobp", "jobs"]);
    });
  });

  describe("an export imported back where it came from", () => {
    /** Names of the objects below INPLACE whose process page holds `word` (the search's text index). */
    async function processHolds(word: string): Promise<string[]> {
      const filters = [{ filter_identifier: "location", location: "\\INPLACE", include_subfolders: true }, { filter_identifier: "process", query: word }];
      const response = await test.rest("/100/search", { ...json({ filters }), headers: { "content-type": "application/json" } });
      expect(response.status).toBe(200);
      return ResultInfo.parse(await response.json()).data.map((item) => item.name);
    }

    async function detailsOf(name: string): Promise<OutObject> {
      return OutObject.parse(await (await test.rest(`/100/objects/${name}?fields=modification_details`)).json());
    }

    it("rewrites what changed and records the importer on every object, keeping who created them", async () => {
      await imported([jobEntry("INPLACE.SAME", "SUB", "alpha"), jobEntry("INPLACE.EDITED", "SUB", "beta")], "?folder_path=INPLACE");
      const user = {
        general_attributes: { name: "INPLACE.WRITER/OPS" },
        user_attributes: { password: "Inplace-pass1" },
        authorizations: [{ filter_object_type: "*", filter_object_name: "*", bitcode: Right.READ | Right.WRITE, auth_group: 1 }],
      };
      expect((await test.rest("/100/objects", json({ data: { user }, path: "USERS" }))).status).toBe(200);
      const exported = await exportFolder("INPLACE");
      const data = exported.data.map((entry) => {
        const job = entry.data["jobs"];
        return job?.general_attributes.name === "INPLACE.EDITED" ? { ...entry, data: { jobs: { ...job, scripts: [{ process: ["echo gamma"] }] } } } : entry;
      });
      const response = await test.rest("/100/folderobjects?overwrite_existing_objects=true", {
        method: "POST",
        headers: { authorization: basic("INPLACE.WRITER/OPS:Inplace-pass1"), "content-type": "application/json" },
        body: JSON.stringify({ data }),
      });
      expect(response.status, await response.clone().text()).toBe(200);
      const jobs = OutFolderImport.parse(await response.json()).objects.filter((object) => object.type === "JOBS");
      expect(jobs.map(({ name, result }) => `${name} ${result}`)).toEqual(["INPLACE.EDITED replaced", "INPLACE.SAME replaced"]);

      const same = await detailsOf("INPLACE.SAME");
      const edited = await detailsOf("INPLACE.EDITED");
      expect(same.data["jobs"]?.["scripts"]).toEqual([{ process: ["echo alpha"] }]);
      expect(edited.data["jobs"]?.["scripts"]).toEqual([{ process: ["echo gamma"] }]);
      for (const details of [same.modification_details, edited.modification_details]) expect(details).toMatchObject({ created_by: "ADMIN/ADMIN", modified_by: "INPLACE.WRITER/OPS" });
      expect(await processHolds("alpha")).toEqual(["INPLACE.SAME"]);
      expect(await processHolds("gamma")).toEqual(["INPLACE.EDITED"]);
      expect(await processHolds("beta")).toEqual([]);
    });
  });

  describe("large folders and concurrent imports", () => {
    const many = (prefix: string, count: number, marker: string) => Array.from({ length: count }, (_, i) => jobEntry(`${prefix}.${String(i).padStart(5, "0")}`, `P${i % 7}`, marker));

    it("streams the export of a large folder", async () => {
      await imported(many("BIG", 3000, "big"), "?folder_path=BIG");
      const response = await test.rest("/100/folderobjects/BIG");
      expect(response.headers.get("content-length")).toBeNull();
      expect(response.headers.get("content-disposition")).toBe('attachment; filename="BIG.json"');
      const exported = OutFolderObjects.parse(JSON.parse(await response.text()));
      expect(exported.data.filter((entry) => "jobs" in entry.data)).toHaveLength(3000);
      // BIG itself and its seven subfolders.
      expect(exported.data.filter((entry) => "fold" in entry.data)).toHaveLength(8);
    });

    it("runs imports of the same objects one after the other: one wins without overwrite, never a mix", async () => {
      const [first, second] = await Promise.all([importFolder(many("RACE", 400, "first"), "?folder_path=RACE"), importFolder(many("RACE", 400, "second"), "?folder_path=RACE")]);
      expect([first.status, second.status].sort()).toEqual([200, 400]);
      const winner = first.status === 200 ? "first" : "second";
      const loser = first.status === 200 ? second : first;
      expect(new Set(ValidationErrors.parse(await loser.json()).map((issue) => issue.code))).toEqual(new Set([ErrorCode.OBJECT_EXISTS]));
      const exported = await exportFolder("RACE");
      const markers = new Set(exported.data.flatMap((entry) => (entry.data["jobs"] === undefined ? [] : [JSON.stringify(entry.data["jobs"])])).map((body) => /echo (\w+)/.exec(body)?.[1]));
      expect([...markers]).toEqual([winner]);
    });

    it("lets the later of two overwriting imports replace all of the earlier one's objects", async () => {
      const results = await Promise.all(["one", "two", "three"].map((marker) => importFolder(many("RACE", 400, marker), "?folder_path=RACE&overwrite_existing_objects=true")));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
      const exported = await exportFolder("RACE");
      const markers = new Set(exported.data.flatMap((entry) => (entry.data["jobs"] === undefined ? [] : [/echo (\w+)/.exec(JSON.stringify(entry.data["jobs"]))?.[1]])));
      expect(markers.size).toBe(1);
    });
  });
});
