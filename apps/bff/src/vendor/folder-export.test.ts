import { ErrorCode, OutError, OutFolderImport, OutFolderObjects, OutObject, OutValidationError } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { json, startTestBaton, type TestBaton } from "../testing/test-baton";

/** The vendor's page these tests are written from: a folder export of a 21.0 engine, answer included. */
const EXPORT_FOLDER_21 = "https://knowledge.broadcom.com/external/article/228610/export-folder-in-version-210-rest-api.html";

const ValidationErrors = z.array(OutValidationError);

/** A Windows job of the page's export (JOB1, JOB2): members Baton does not read, and a `null` last script line. */
function windowsJob(name: string): Record<string, unknown> {
  return {
    metadata: { version: "21.0.0" },
    general_attributes: {
      type: "JOBS",
      name,
      max_parallel_action: 1,
      mrt_time: "000000",
      inherit_output_filter: "N",
      platform: "WINDOWS",
      queue: "CLIENT_QUEUE",
      auto_deactivation: "A",
      minimum_ae_version: "11.2",
    },
    job_attributes: {
      agent: "<WIN>",
      job_report_path: "2",
      platform: "WINDOWS",
      win_report_by_script: "0",
      win_work_dir: "c:\\",
      win_view: "0",
      win_logon_as_batch: "0",
      job_object: "",
      win_cmd: "",
      win_typ: "0",
      win_show_at_desktop: "0",
    },
    scripts: [{ process: ["! insert these lines in your script to determine if an error occurred", "!", "! @set retcode=%errorlevel%", "! @if NOT %ERRORLEVEL% == 0 goto :retcode", null] }],
  };
}

/** The answer the page shows for GET .../folderobjects/REST/EXAMPLES/FOLDEROBJECTS, as its text. */
function pageExport(): string {
  const folder = { metadata: { version: "21.0.0" }, general_attributes: { type: "FOLD", name: "FOLDEROBJECTS" } };
  return JSON.stringify(
    {
      data: [
        { data: { fold: folder }, path: "" },
        { data: { jobs: windowsJob("JOB1") }, path: "FOLDEROBJECTS" },
        { data: { jobs: windowsJob("JOB2") }, path: "FOLDEROBJECTS" },
      ],
    },
    null,
    1,
  );
}

describe.each(testDialects)("vendor: folder export and import on %s", (dialect) => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton(dialect);
  });
  afterAll(async () => {
    await test.stop();
  });

  function importText(text: string, query: string, client = 100): Promise<Response> {
    return test.rest(`/${client}/folderobjects${query}`, { method: "POST", headers: { "content-type": "application/json" }, body: text });
  }

  async function imported(text: string, query: string, client = 100): Promise<OutFolderImport> {
    const response = await importText(text, query, client);
    expect(response.status, await response.clone().text()).toBe(200);
    return OutFolderImport.parse(await response.json());
  }

  /** The export's text parsed as it came, and checked against the contract. */
  async function exportOf(path: string, client = 100): Promise<{ raw: Record<string, unknown>; exported: OutFolderObjects }> {
    const response = await test.rest(`/${client}/folderobjects/${path}`);
    expect(response.status, await response.clone().text()).toBe(200);
    const raw = z.record(z.string(), z.unknown()).parse(JSON.parse(await response.text()));
    return { raw, exported: OutFolderObjects.parse(raw) };
  }

  async function objectOf(name: string, client = 100): Promise<OutObject | undefined> {
    const response = await test.rest(`/${client}/objects/${encodeURIComponent(name)}`);
    return response.status === 404 ? undefined : OutObject.parse(await response.json());
  }

  describe("export", () => {
    beforeAll(async () => {
      const job = (name: string, path: string) => json({ data: { jobs: { general_attributes: { name, type: "JOBS" }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: [`echo ${name}`] }] } }, path });
      for (const name of ["REST.JOB1", "REST.JOB2"]) expect((await test.rest("/100/objects", job(name, "REST/EXAMPLES/FOLDEROBJECTS"))).status).toBe(200);
      expect((await test.rest("/100/objects", job("REST.JOB3", "REST/EXAMPLES/FOLDEROBJECTS/DEEPER"))).status).toBe(200);
      expect((await test.rest("/100/objects", job("REST.ELSEWHERE", "REST/EXAMPLES"))).status).toBe(200);
    });

    it(`${EXPORT_FOLDER_21}: the answer is {"data": [...]}, each entry {"data": {"<type>": {...}}, "path": "..."}, the folder itself first`, async () => {
      const { raw, exported } = await exportOf("REST/EXAMPLES/FOLDEROBJECTS");
      expect(Object.keys(raw)).toEqual(["data", "warnings"]);
      for (const entry of z.array(z.record(z.string(), z.unknown())).parse(raw["data"])) {
        expect(Object.keys(entry)).toEqual(["data", "path"]);
        expect(Object.keys(z.record(z.string(), z.unknown()).parse(entry["data"]))).toHaveLength(1);
      }
      const summary = exported.data.map((entry) => {
        const [key = "", body] = Object.entries(entry.data)[0] ?? [];
        return { key, type: body?.general_attributes.type, name: body?.general_attributes.name, path: entry.path };
      });
      // Paths are relative to the folder the exported one lies in (REST/EXAMPLES): "" for the folder, its name for what is in it.
      expect(summary).toEqual([
        { key: "fold", type: "FOLD", name: "FOLDEROBJECTS", path: "" },
        { key: "fold", type: "FOLD", name: "DEEPER", path: "FOLDEROBJECTS" },
        { key: "jobs", type: "JOBS", name: "REST.JOB1", path: "FOLDEROBJECTS" },
        { key: "jobs", type: "JOBS", name: "REST.JOB2", path: "FOLDEROBJECTS" },
        { key: "jobs", type: "JOBS", name: "REST.JOB3", path: "FOLDEROBJECTS/DEEPER" },
      ]);
    });

    it(`${EXPORT_FOLDER_21}: an object's entry carries its body as GET /objects answers it; nothing outside the folder`, async () => {
      const { exported } = await exportOf("REST%2FEXAMPLES%2FFOLDEROBJECTS");
      expect(exported.data[2]?.data).toEqual((await objectOf("REST.JOB1"))?.data);
      expect(JSON.stringify(exported.data)).not.toContain("ELSEWHERE");
    });
  });

  describe("import of a vendor export", () => {
    const page = JSON.parse(pageExport()) as { data: { data: Record<string, Record<string, unknown>>; path: string }[] };
    const withEmptyLines = (text: string) => text.replaceAll("null", '""');

    it(`${EXPORT_FOLDER_21}: the page's answer imports as it is: the folder below folder_path, its jobs in that folder`, async () => {
      const result = await imported(pageExport(), "?folder_path=KB/IMPORTED", 0);
      expect(result).toEqual({
        folder_path: "KB/IMPORTED",
        total: 3,
        created: 3,
        replaced: 0,
        kept: 0,
        created_folders: ["KB/IMPORTED"],
        objects: [
          { name: "FOLDEROBJECTS", type: "FOLD", path: "KB/IMPORTED", result: "created" },
          { name: "JOB1", type: "JOBS", path: "KB/IMPORTED/FOLDEROBJECTS", result: "created" },
          { name: "JOB2", type: "JOBS", path: "KB/IMPORTED/FOLDEROBJECTS", result: "created" },
        ],
      });
    });

    it(`${EXPORT_FOLDER_21}: the objects read back with every member as exported, a null script line as an empty line`, async () => {
      const job = await objectOf("JOB1", 0);
      expect(job?.path).toBe("KB/IMPORTED/FOLDEROBJECTS");
      expect(job?.data).toEqual(JSON.parse(withEmptyLines(JSON.stringify({ jobs: windowsJob("JOB1") }))));
      expect((await objectOf("\\KB\\IMPORTED\\FOLDEROBJECTS", 0))?.data).toEqual(page.data[0]?.data);
    });

    it(`${EXPORT_FOLDER_21}: exported again, the folder gives the page's answer back (null lines as empty lines)`, async () => {
      const { exported } = await exportOf("KB/IMPORTED/FOLDEROBJECTS", 0);
      expect(exported.data).toEqual(JSON.parse(withEmptyLines(pageExport())).data);
    });

    it(`${EXPORT_FOLDER_21}: members beside an entry's data (an object export's total, client, hasmore) and unknown body members do not stop it; Baton's earlier entries without data still import`, async () => {
      const future: Record<string, unknown> = { ...windowsJob("KB.FUTURE"), rollback: { enabled: "1", backup: [{ type: "FILE" }] }, some_new_block: [{ a: null }] };
      const body = {
        data: [
          { total: 1, data: { jobs: future }, path: "", client: 100, hasmore: false },
          { scri: { general_attributes: { name: "KB.EARLIER", type: "SCRI" }, scripts: [{ process: [':PRINT "x"', null] }] }, path: "OLD" },
        ],
      };
      expect(await imported(JSON.stringify(body), "?folder_path=KB/MIXED", 0)).toMatchObject({ total: 2, created: 2 });
      const read = await objectOf("KB.FUTURE", 0);
      expect(read?.data["jobs"]).toMatchObject({ rollback: future["rollback"], some_new_block: future["some_new_block"], job_attributes: future["job_attributes"] });
      expect(read?.data["jobs"]?.["scripts"]).toEqual(JSON.parse(withEmptyLines(JSON.stringify(future["scripts"]))));
      expect(await objectOf("KB.EARLIER", 0)).toMatchObject({ path: "KB/MIXED/OLD", data: { scri: { scripts: [{ process: [':PRINT "x"', ""] }] } } });
    });

    it(`${EXPORT_FOLDER_21}: a wrong object in an entry's data is named at data[i].data.<type>, and nothing is imported`, async () => {
      const body = {
        data: [
          { data: { jobs: windowsJob("KB.RIGHT") }, path: "" },
          { data: { jobs: { ...windowsJob("KB.WRONG"), job_attributes: { agent: "no agent" } } }, path: "" },
          { data: { jobz: windowsJob("KB.WRONG2") }, path: "" },
          { data: "jobs", path: "" },
          { data: { jobs: windowsJob("KB.WRONG3"), scri: windowsJob("KB.WRONG4") }, path: "" },
        ],
      };
      const response = await importText(JSON.stringify(body), "?folder_path=KB/WRONG", 0);
      expect(response.status).toBe(400);
      expect(ValidationErrors.parse(await response.json()).map((issue) => issue.path)).toEqual(["data[1].data.jobs.job_attributes.agent", "data[2].data.jobz", "data[3].data", "data[4].data"]);
      expect(await objectOf("KB.RIGHT", 0)).toBeUndefined();
      expect((await test.rest("/0/folderobjects/KB/WRONG")).status).toBe(404);
    });
  });

  describe("round trip", () => {
    it(`${EXPORT_FOLDER_21}: export, import into another client's folder, export again: the same entries and warnings`, async () => {
      const { exported: first } = await exportOf("REST/EXAMPLES/FOLDEROBJECTS");
      const copy = await imported(JSON.stringify(first), "?folder_path=COPY", 0);
      expect(copy.objects.map((o) => `${o.type} ${o.name} ${o.path}`)).toEqual([
        "FOLD FOLDEROBJECTS COPY",
        "FOLD DEEPER COPY/FOLDEROBJECTS",
        "JOBS REST.JOB1 COPY/FOLDEROBJECTS",
        "JOBS REST.JOB2 COPY/FOLDEROBJECTS",
        "JOBS REST.JOB3 COPY/FOLDEROBJECTS/DEEPER",
      ]);
      expect((await exportOf("COPY/FOLDEROBJECTS", 0)).exported).toEqual(first);
    });

    it(`${EXPORT_FOLDER_21}: the page's folder, imported and exported, goes round again unchanged (into the first client, then moved with overwrite)`, async () => {
      const { exported: first } = await exportOf("KB/IMPORTED/FOLDEROBJECTS", 0);
      await imported(JSON.stringify(first), "?folder_path=KB.COPY");
      expect((await exportOf("KB.COPY/FOLDEROBJECTS")).exported).toEqual(first);
      await imported(JSON.stringify(first), "?folder_path=KB.MOVED&overwrite_existing_objects=true");
      expect((await exportOf("KB.MOVED/FOLDEROBJECTS")).exported).toEqual(first);
      expect((await objectOf("JOB2"))?.path).toBe("KB.MOVED/FOLDEROBJECTS");
    });
  });

  describe("hostile imports", () => {
    const good = { data: { jobs: { ...windowsJob("HOSTILE.OK"), job_attributes: { agent: "LOCAL" } } }, path: "" };
    const nested = (depth: number): unknown => (depth === 0 ? "x" : [nested(depth - 1)]);
    const refused: [string, unknown, Record<string, unknown>][] = [
      ["a path that climbs out of folder_path", { data: { jobs: windowsJob("HOSTILE.UP") }, path: "../../ETC" }, { path: "data[1].path", invalid_value: "../../ETC" }],
      ["a path that is ..", { data: { jobs: windowsJob("HOSTILE.UP") }, path: ".." }, { path: "data[1].path", invalid_value: ".." }],
      ["a path that climbs with \\", { data: { jobs: windowsJob("HOSTILE.UP") }, path: "\\A\\..\\..\\B" }, { path: "data[1].path" }],
      ["a path with a NUL", { data: { jobs: windowsJob("HOSTILE.UP") }, path: "A\u0000B" }, { path: "data[1].path" }],
      ["a path of 100,000 characters", { data: { jobs: windowsJob("HOSTILE.LONG") }, path: "A/".repeat(50_000) }, { path: "data[1].path" }],
      ["a folder named ..", { data: { fold: { general_attributes: { name: "..", type: "FOLD" } } }, path: "" }, { path: "data[1].data.fold.general_attributes.name", invalid_value: ".." }],
      ["an object named with a path", { data: { jobs: windowsJob("../HOSTILE") }, path: "" }, { path: "data[1].data.jobs.general_attributes.name" }],
    ];

    it.each(refused)(`${EXPORT_FOLDER_21}: %s is refused with 400 and imports nothing`, async (_, entry, issue) => {
      const response = await importText(JSON.stringify({ data: [good, entry] }), "?folder_path=HOSTILE");
      expect(response.status).toBe(400);
      expect(ValidationErrors.parse(await response.json())).toEqual([expect.objectContaining(issue)]);
      expect(await objectOf("HOSTILE.OK")).toBeUndefined();
      expect((await test.rest("/100/folderobjects/HOSTILE")).status).toBe(404);
    });

    it(`${EXPORT_FOLDER_21}: a body nested 200 levels deep in an unknown member is refused with 400 and imports nothing`, async () => {
      const deep = { data: { jobs: { ...windowsJob("HOSTILE.DEEP"), unknown_member: nested(200) } }, path: "" };
      const response = await importText(JSON.stringify({ data: [good, deep] }), "?folder_path=HOSTILE");
      expect(response.status).toBe(400);
      expect(OutError.parse(await response.json())).toMatchObject({ code: ErrorCode.MALFORMED_BODY, error: "JSON nested too deep." });
      expect(await objectOf("HOSTILE.OK")).toBeUndefined();
    });

    it(`${EXPORT_FOLDER_21}: a folder_path that climbs out of the root is refused with 400 and imports nothing`, async () => {
      const response = await importText(JSON.stringify({ data: [good] }), "?folder_path=A%2F..%2F..%2FB");
      expect(response.status).toBe(400);
      expect(ValidationErrors.parse(await response.json())).toEqual([expect.objectContaining({ path: "folder_path" })]);
      expect(await objectOf("HOSTILE.OK")).toBeUndefined();
    });
  });
});
