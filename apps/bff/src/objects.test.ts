import { ErrorCode, OBJECT_TYPE_KEYS, OutObject, OutObjectUsage, OutTimeZoneInfo, OutValidationError, Right } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { sampleBody, sampleName, UNKNOWN_MEMBER } from "./testing/object-bodies";
import { basic, jobEnvelope, json, startTestBaton, type TestBaton } from "./testing/test-baton";

const ValidationErrors = z.array(OutValidationError);

/** GET path of a sample object: folders are read by their path, the others by name. */
function readPath(key: string, name: string, folder: string): string {
  return encodeURIComponent(key === "fold" ? `\\${folder}\\${name}` : name);
}

describe.each(testDialects)("objects on %s", (dialect) => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton(dialect);
  });
  afterAll(async () => {
    await test.stop();
  });

  async function importObject(envelope: unknown, query = ""): Promise<Response> {
    return test.rest(`/100/objects${query}`, json(envelope));
  }

  async function exported(path: string, query = ""): Promise<OutObject> {
    const response = await test.rest(`/100/objects/${path}${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return OutObject.parse(await response.json());
  }

  describe("every object type", () => {
    it.each(OBJECT_TYPE_KEYS)("%s: import → export → import gives the same definition, unknown members kept", async (key) => {
      const body = sampleBody(key);
      const name = sampleName(key);
      const envelope = { data: { [key]: body }, path: "ROUNDTRIP" };
      expect((await importObject(envelope)).status).toBe(200);
      const first = await exported(readPath(key, name, "ROUNDTRIP"));
      expect(first).toEqual({ total: 1, data: { [key]: body }, path: "ROUNDTRIP", client: 100, hasmore: false });
      expect(first.data[key]).toMatchObject(UNKNOWN_MEMBER);
      const again = await importObject(first, "?overwrite_existing_objects=true");
      expect(again.status, await again.clone().text()).toBe(200);
      expect(await exported(readPath(key, name, "ROUNDTRIP"))).toEqual(first);
    });

    // https://knowledge.broadcom.com/external/article/228610/export-folder-in-version-210-rest-api.html:
    // the vendor's engine exports an empty script line as null; its object exports import here too.
    it("imports an export whose script pages hold null lines, as empty lines", async () => {
      const job = jobEnvelope("NULL.LINES", []);
      const envelope = { ...job, data: { jobs: { ...job.data.jobs, scripts: [{ process: ["echo one", null, "echo two", null] }] } } };
      const response = await importObject(envelope);
      expect(response.status, await response.clone().text()).toBe(200);
      expect((await exported("NULL.LINES")).data["jobs"]).toMatchObject({ scripts: [{ process: ["echo one", "", "echo two", ""] }] });
    });

    it("refuses an unknown type key with 400 naming the allowed ones, and writes nothing", async () => {
      const response = await importObject({ data: { jobx: { general_attributes: { name: "UNKNOWN.TYPE" } } }, path: "" });
      expect(response.status).toBe(400);
      const [issue] = ValidationErrors.parse(await response.json());
      expect(issue).toMatchObject({ path: "data.jobx", invalid_value: "jobx" });
      expect(issue?.error).toContain(OBJECT_TYPE_KEYS.join(", "));
      expect((await test.rest("/100/objects/UNKNOWN.TYPE")).status).toBe(404);
    });
  });

  describe("the limits of the spec", () => {
    it.each([
      ["a user's last name over 20 characters", "user", { general_attributes: { name: "LIMIT.USER/OPS" }, user_attributes: { last_name: "x".repeat(21) } }, "data.user.user_attributes.last_name", "x".repeat(21)],
      ["an agent group mode outside A, F, N, L, X", "hostg", { general_attributes: { name: "LIMIT.HOSTG" }, agent_group_attributes: { platform: "UNIX", mode: "Z" } }, "data.hostg.agent_group_attributes.mode", "Z"],
      ["max_parallel over 9999", "hostg", { general_attributes: { name: "LIMIT.HOSTG" }, agent_group_attributes: { platform: "UNIX", mode: "A", max_parallel: 10000 } }, "data.hostg.agent_group_attributes.max_parallel", 10000],
      ["a client over 9999", "hsta", { general_attributes: { name: "LIMIT.HSTA" }, authorizations: [{ client: 10000 }] }, "data.hsta.authorizations[0].client", 10000],
      ["calendar content over 372 days", "cale", { general_attributes: { name: "LIMIT.CALE" }, calendar_definitions: [{ event_line_number: 1, year: 2026, content: "1".repeat(373) }] }, "data.cale.calendar_definitions[0].content", "1".repeat(373)],
      ["a sync operator outside the enum", "sync", { general_attributes: { name: "LIMIT.SYNC" }, action_definitions: [{ action: "A", set_operator: "*" }] }, "data.sync.action_definitions[0].set_operator", "*"],
      ["a script page the type has not", "scri", { general_attributes: { name: "LIMIT.SCRI" }, scripts: [{ post_process: [] }] }, "data.scri.scripts[0].post_process", "post_process"],
    ])("refuses %s with 400 at the full path, and writes nothing", async (_, key, body, path, value) => {
      const response = await importObject({ data: { [key]: body }, path: "" });
      expect(response.status).toBe(400);
      expect(ValidationErrors.parse(await response.json())).toContainEqual(expect.objectContaining({ code: ErrorCode.INVALID_OBJECT, path, invalid_value: value }));
      expect((await test.rest(`/100/objects/${encodeURIComponent(body.general_attributes.name)}`)).status).toBe(404);
    });
  });

  describe("overwrite_existing_objects", () => {
    it("refuses an existing object with 400 (code OBJECT_EXISTS) unless asked, changing nothing, and never replaces one of another type", async () => {
      expect((await importObject(jobEnvelope("OVER.JOB", ["echo 1"]))).status).toBe(200);
      const before = await exported("OVER.JOB", "?fields=modification_details");
      const refused = await importObject(jobEnvelope("OVER.JOB", ["echo 2"]), "?overwrite_existing_objects=false");
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: ErrorCode.OBJECT_EXISTS, details: expect.stringContaining("OVER.JOB") });
      expect(await exported("OVER.JOB", "?fields=modification_details")).toEqual(before);
      const otherType = await importObject({ data: { scri: { general_attributes: { name: "OVER.JOB" } } }, path: "" }, "?overwrite_existing_objects=true");
      expect(otherType.status).toBe(400);
      expect(await otherType.json()).toMatchObject({ code: ErrorCode.OBJECT_EXISTS, details: expect.stringContaining("OVER.JOB") });
      expect(await exported("OVER.JOB", "?fields=modification_details")).toEqual(before);
    });
  });

  describe("fields and filter", () => {
    beforeAll(async () => {
      await importObject(jobEnvelope("FIELDS.JOB", ["echo 1"], { custom_member: { a: "1" } }));
    });

    it("adds when and by whom the object was created and changed with fields=modification_details", async () => {
      const created = await exported("FIELDS.JOB", "?fields=modification_details");
      expect(created.modification_details).toMatchObject({ created_by: "ADMIN/ADMIN", modified_by: "ADMIN/ADMIN" });
      expect(created.modification_details?.created_at).toBe(created.modification_details?.modified_at);
      // Times are written to the second: the change comes in a later one.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await importObject(jobEnvelope("FIELDS.JOB", ["echo 2"], { custom_member: { a: "1" } }), "?overwrite_existing_objects=true");
      const changed = await exported("FIELDS.JOB", "?fields=modification_details");
      expect(changed.modification_details?.created_at).toBe(created.modification_details?.created_at);
      expect(Date.parse(changed.modification_details?.modified_at ?? "")).toBeGreaterThan(Date.parse(created.modification_details?.created_at ?? ""));
      expect((await exported("FIELDS.JOB")).modification_details).toBeUndefined();
    });

    it.each([
      ["scripts", ["general_attributes", "scripts"]],
      ["scripts,custom_member", ["general_attributes", "scripts", "custom_member"]],
      ["general_attributes", ["general_attributes"]],
      ["no_such_member", ["general_attributes"]],
    ])("filter=%s reduces the body to those members and general_attributes", async (filter, members) => {
      const object = await exported("FIELDS.JOB", `?filter=${filter}`);
      expect(Object.keys(object.data["jobs"] ?? {}).sort()).toEqual([...members].sort());
    });

    it("takes repeated filter parameters and combines filter with fields", async () => {
      const object = await exported("FIELDS.JOB", "?filter=scripts&filter=metadata&fields=modification_details");
      expect(Object.keys(object.data["jobs"] ?? {}).sort()).toEqual(["general_attributes", "metadata", "scripts"]);
      expect(object.modification_details).toBeDefined();
    });

    it.each([
      ["an unknown field", "?fields=owner", "fields", "owner"],
      ["a repeated filter value", "?filter=scripts,scripts", "filter", "scripts,scripts"],
      ["a filter that is no member name", "?filter=a%20b", "filter", "a b"],
    ])("refuses %s with 400, naming the parameter and the value sent", async (_, query, path, value) => {
      const response = await test.rest(`/100/objects/FIELDS.JOB${query}`);
      expect(response.status).toBe(400);
      expect(ValidationErrors.parse(await response.json())).toEqual([expect.objectContaining({ path, invalid_value: value })]);
    });
  });

  describe("GET .../timezone", () => {
    beforeAll(async () => {
      await importObject({ data: { tz: { general_attributes: { name: "TZ.KOLKATA" }, time_zone_attributes: { utc_offset: "+05:30" } } }, path: "TZ" });
      await importObject({ data: { tz: { general_attributes: { name: "TZ.TOKYO" }, time_zone_attributes: { iana_name: "Asia/Tokyo" } } }, path: "TZ" });
      await importObject({ data: { jsch: { general_attributes: { name: "TZ.SCHEDULE.OBJECT" }, schedule_attributes: { timezone: "TZ.TOKYO" } } }, path: "TZ" });
      await importObject({ data: { jsch: { general_attributes: { name: "TZ.SCHEDULE.IANA" }, schedule_attributes: { timezone: "Asia/Kolkata" } } }, path: "TZ" });
      await importObject({ data: { jsch: { general_attributes: { name: "TZ.SCHEDULE.MISSING" }, schedule_attributes: { timezone: "TZ.NOWHERE" } } }, path: "TZ" });
      await importObject(jobEnvelope("TZ.JOB.PLAIN", ["true"]));
      await importObject(jobEnvelope("TZ.JOB.ZONED", ["true"], { general_attributes: { name: "TZ.JOB.ZONED", type: "JOBS", time_zone: "TZ.KOLKATA" } }));
    });

    async function zone(name: string): Promise<OutTimeZoneInfo> {
      const response = await test.rest(`/100/objects/${name}/timezone`);
      expect(response.status).toBe(200);
      return OutTimeZoneInfo.parse(await response.json());
    }

    it.each([
      ["a TZ object, evaluated directly", "TZ.KOLKATA", { time_zone_object: "TZ.KOLKATA", zone: "UTC+5:30", utc_offset: "+05:30", daylight_saving_time: false, is_default: false }],
      ["a schedule naming a TZ object", "TZ.SCHEDULE.OBJECT", { time_zone_object: "TZ.TOKYO", zone: "Asia/Tokyo", utc_offset: "+09:00", is_default: false }],
      ["a schedule naming an IANA zone", "TZ.SCHEDULE.IANA", { time_zone_object: null, zone: "Asia/Kolkata", utc_offset: "+05:30", is_default: false }],
      ["an object whose general_attributes.time_zone names a TZ object", "TZ.JOB.ZONED", { time_zone_object: "TZ.KOLKATA", utc_offset: "+05:30", is_default: false }],
      ["a schedule whose TZ object does not exist: the default", "TZ.SCHEDULE.MISSING", { time_zone_object: null, zone: "UTC", utc_offset: "+00:00", is_default: true }],
      ["an object without a zone: the default", "TZ.JOB.PLAIN", { zone: "UTC", is_default: true }],
      ["an object that does not exist: the default", "NO.SUCH.OBJECT", { object_name: "NO.SUCH.OBJECT", zone: "UTC", is_default: true }],
    ])("answers %s", async (_, name, expected) => {
      expect(await zone(name)).toMatchObject(expected);
    });
  });

  describe("GET .../usage", () => {
    const READER = basic("USAGE.READER/OPS:Usage-pass1");
    beforeAll(async () => {
      const imports: unknown[] = [
        { data: { login: { general_attributes: { name: "U.LOGIN" }, login_definitions: [{ agent: "*", user: "batch" }] } }, path: "USAGE" },
        { data: { queue: { general_attributes: { name: "U.QUEUE" }, queue_attributes: { max_slots: "1" } } }, path: "USAGE" },
        { data: { prpt: { general_attributes: { name: "U.PROMPTS" }, prompt_elements: [{ name: "A#" }] } }, path: "USAGE" },
        { data: { cale: { general_attributes: { name: "U.CALE" }, events: [{ line_number: "1", name: "WORKDAYS" }, { line_number: "2", name: "HOLIDAYS" }] } }, path: "USAGE" },
        jobEnvelope("U.JOB", ["true"], {
          general_attributes: { name: "U.JOB", type: "JOBS", queue: "U.QUEUE" },
          job_attributes: { agent: "LOCAL", login: "U.LOGIN" },
          prompt_set_list: [{ name: "U.PROMPTS" }],
        }),
        {
          data: {
            jobp: {
              general_attributes: { name: "U.FLOW" },
              workflow_definitions: [
                { line_number: "1", object_name: "START", object_type: "<START>" },
                { line_number: "2", object_name: "U.JOB", object_type: "JOBS" },
                { line_number: "3", object_name: "u.job", object_type: "JOBS" },
                { line_number: "4", object_name: "END", object_type: "<END>" },
              ],
            },
          },
          path: "USAGE/FLOWS",
        },
        {
          data: {
            jsch: {
              general_attributes: { name: "U.SCHEDULE" },
              schedule_definitions: [{ line_number: "1", object_name: "U.JOB", start_time: "06:00", calendar: "U.CALE", calendar_event: "WORKDAYS" }],
            },
          },
          path: "USAGE",
        },
        { data: { scri: { general_attributes: { name: "U.SCRIPT" }, scripts: [{ process: [':SET &RUN# = ACTIVATE_UC_OBJECT(U.JOB, WAIT)', "! U.JOB in a comment is no use"] }] } }, path: "USAGE" },
        { data: { jobs: { general_attributes: { name: "U.JOB.LOOKALIKE" }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: ["echo U.JOB.OTHER"] }] } }, path: "USAGE" },
        {
          data: {
            user: {
              general_attributes: { name: "USAGE.READER/OPS" },
              user_attributes: { password: "Usage-pass1" },
              authorizations: [
                { filter_object_type: "JOBS", filter_object_name: "U.*", bitcode: Right.READ, auth_group: 1 },
                { filter_object_type: "CALE", filter_object_name: "U.*", bitcode: Right.READ, auth_group: 1 },
                { filter_object_type: "JSCH", filter_object_name: "*", bitcode: Right.READ, auth_group: 1 },
              ],
            },
          },
          path: "USERS",
        },
      ];
      for (const envelope of imports) expect((await importObject(envelope)).status).toBe(200);
    });

    async function usage(path: string, authorization?: string): Promise<OutObjectUsage> {
      const response = await test.rest(`/100/objects/${path}`, authorization === undefined ? {} : { headers: { authorization } });
      expect(response.status, await response.clone().text()).toBe(200);
      return OutObjectUsage.parse(await response.json());
    }

    it("lists the workflows, schedules and scripts that use a job, with where", async () => {
      const result = await usage("U.JOB/usage");
      expect(result.hidden_by_access_rights).toBe(false);
      expect(result.data.map((entry) => entry.name)).toEqual(["U.FLOW", "U.SCHEDULE", "U.SCRIPT"]);
      expect(result.total).toBe(3);
      expect(result.data[0]).toEqual({
        name: "U.FLOW",
        type: "JOBP",
        path: "USAGE/FLOWS",
        references: [
          { kind: "workflow_task", member: "workflow_definitions[1].object_name" },
          { kind: "workflow_task", member: "workflow_definitions[2].object_name" },
        ],
      });
      expect(result.data[1]?.references).toEqual([{ kind: "schedule_task", member: "schedule_definitions[0].object_name" }]);
      expect(result.data[2]?.references).toEqual([{ kind: "script", member: "scripts[0].process[0]" }]);
    });

    it.each([
      ["U.LOGIN", "login", "job_attributes.login"],
      ["U.QUEUE", "queue", "general_attributes.queue"],
      ["U.PROMPTS", "prompt_set", "prompt_set_list[0]"],
    ])("lists the job that uses %s as its %s", async (name, kind, member) => {
      expect((await usage(`${name}/usage`)).data).toEqual([{ name: "U.JOB", type: "JOBS", path: "TESTS", references: [{ kind, member }] }]);
    });

    it("lists the schedules using a calendar, and per calendar event", async () => {
      const calendarUse = { name: "U.SCHEDULE", type: "JSCH", path: "USAGE", references: [{ kind: "calendar", member: "schedule_definitions[0].calendar", calendar_event: "WORKDAYS" }] };
      expect((await usage("U.CALE/usage")).data).toEqual([calendarUse]);
      expect((await usage("U.CALE/usage/calendarevent/workdays")).data).toEqual([calendarUse]);
      expect(await usage("U.CALE/usage/calendarevent/HOLIDAYS")).toEqual({ total: 0, data: [], hidden_by_access_rights: false });
    });

    it("hides what the user may not read and says so", async () => {
      const result = await usage("U.JOB/usage", READER);
      expect(result.data.map((entry) => entry.name)).toEqual(["U.SCHEDULE"]);
      expect(result.hidden_by_access_rights).toBe(true);
    });

    it("answers 404 for an object that does not exist and 403 for one the user may not read", async () => {
      expect((await test.rest("/100/objects/U.NOTHING/usage")).status).toBe(404);
      expect((await test.rest("/100/objects/U.FLOW/usage", { headers: { authorization: READER } })).status).toBe(403);
    });
  });

  describe("folders as objects", () => {
    const folder = (name: string, path: string, extra: Record<string, unknown> = {}) => ({ data: { fold: { general_attributes: { name, type: "FOLD", ...extra } } }, path });

    it("creates an empty folder and reads it by its path, with either separator", async () => {
      expect((await importObject(folder("EMPTY", "FOLDERS", { description: "first" }))).status).toBe(200);
      for (const path of ["%5CFOLDERS%5CEMPTY", "FOLDERS%2FEMPTY", encodeURIComponent("/folders/empty")]) {
        expect((await exported(path)).data).toEqual({ fold: { general_attributes: { name: "EMPTY", type: "FOLD", description: "first" } } });
      }
      // Folder permissions are FOLD entries naming folder paths: rights on other types do not count.
      const user = { general_attributes: { name: "FOLDER.READER/OPS" }, user_attributes: { password: "Folder-pass1" }, authorizations: [{ filter_object_type: "JOBS", filter_object_name: "*", bitcode: Right.READ, auth_group: 1 }] };
      expect((await importObject({ data: { user }, path: "USERS" })).status).toBe(200);
      expect((await test.rest("/100/objects/%5CFOLDERS%5CEMPTY", { headers: { authorization: basic("FOLDER.READER/OPS:Folder-pass1") } })).status).toBe(403);
    });

    it("keeps an existing folder unless asked to overwrite it: folders merge", async () => {
      expect((await importObject(folder("KEEP", "FOLDERS", { description: "first" }))).status).toBe(200);
      expect((await importObject(folder("KEEP", "FOLDERS", { description: "second" }))).status).toBe(200);
      expect((await exported("%5CFOLDERS%5CKEEP")).data["fold"]?.general_attributes).toMatchObject({ description: "first" });
      expect((await importObject(folder("KEEP", "FOLDERS", { description: "second" }), "?overwrite_existing_objects=true")).status).toBe(200);
      expect((await exported("%5CFOLDERS%5CKEEP")).data["fold"]?.general_attributes).toMatchObject({ description: "second" });
    });

    it("counts a folder that holds objects as existing, and lets A/X and B/X both exist beside an object X", async () => {
      await importObject(jobEnvelope("X", ["true"]));
      await importObject({ ...jobEnvelope("IN.IMPLICIT", ["true"]), path: "IMPLICIT/DEEP" });
      expect((await exported("%5CIMPLICIT")).data).toEqual({ fold: { general_attributes: { name: "IMPLICIT", type: "FOLD" } } });
      expect((await exported("%5CIMPLICIT%5CDEEP")).path).toBe("IMPLICIT");
      expect((await importObject(folder("X", "A"))).status).toBe(200);
      expect((await importObject(folder("X", "B"))).status).toBe(200);
      expect(Object.keys((await exported("X")).data)).toEqual(["jobs"]);
      expect((await exported("%5CA%5CX")).path).toBe("A");
      expect((await test.rest("/100/objects/%5CNO%5CSUCH")).status).toBe(404);
    });
  });
});
