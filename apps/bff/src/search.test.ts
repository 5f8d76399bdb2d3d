import { ErrorCode, OutRunId, OutValidationError, ResultInfo, Right, type OutSearchResultItem, type SearchSortColumn } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { basic, json, startTestBaton, waitForEnd, type TestBaton } from "./testing/test-baton";

/** An import envelope of any type in `path`. */
function envelope(type: string, name: string, path: string, members: Record<string, unknown> = {}, general: Record<string, unknown> = {}) {
  return { data: { [type.toLowerCase()]: { metadata: { version: "21.0.0" }, general_attributes: { name, type, ...general }, ...members } }, path };
}

function job(name: string, path: string, attributes: Record<string, unknown>, process: string[], members: Record<string, unknown> = {}, general: Record<string, unknown> = {}) {
  return envelope("JOBS", name, path, { job_attributes: { agent: "LOCAL", unix_shell: "sh", ...attributes }, scripts: [{ process }], ...members }, general);
}

const day = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** A year of a calendar event: 31 characters a month, "1" for each selected day of `month`. */
function yearContent(month: number, days: readonly number[]): string {
  const chars = Array<string>(372).fill("0");
  for (const d of days) chars[(month - 1) * 31 + d - 1] = "1";
  return chars.join("");
}

/** The data every test searches: objects of several types below SRCH, one in client 0. */
const OBJECTS = [
  job(
    "SRCH.JOB.BACKUP",
    "\\SRCH\\JOBS",
    { agent: "LOCAL", login: "LOGIN.BATCH", platform: "UNIX" },
    ["tar czf /tmp/backup.tgz /etc", "echo 50% done"],
    { documentation: { DOCU: ["Restores run weekly"], _DETAILS: ["OWNER=ops team"] } },
    { title: "Nightly backup queue", archive_key1: "Finance", archive_key2: "K2", sub_type: "OS" },
  ),
  job("SRCH.JOB.REPORT", "SRCH/JOBS/SUB", { agent: "LOCAL", login: "LOGIN.REPORT", platform: "WINDOWS" }, ["echo 500 done", "echo report"], {}, { title: "report", archive_key2: "finance-2" }),
  envelope("SCRI", "SRCH.SCRIPT", "SRCH", { scripts: [{ process: [':PRINT "hello queue"'] }] }, { title: "Alpha" }),
  envelope("VARA", "SRCH.VARA.STATIC", "SRCH", { static_values: [{ key: "DB_HOST", value1: "db01.example", value2: "backup" }, { key: "EMPTY" }] }, { sub_type: "STATIC" }),
  envelope("VARA", "SRCH.VARA.SQL", "SRCH", { variable_definitions: { type: "SQL" }, static_values: [{ key: "DB_HOST", value1: "db01.example" }] }),
  envelope("CALE", "SRCH.CALENDAR", "SRCH/CAL", {
    events: [
      { line_number: "1", name: "WORKDAYS" },
      { line_number: "2", name: "HOLIDAYS", valid_from: "2027-01-01", valid_to: "2027-12-31" },
      { line_number: "3", name: "ALLDAYS" },
    ],
    calendar_definitions: [{ event_line_number: "1", year: "2026", content: yearContent(3, [2, 3, 4, 5, 6]) }],
    group_definitions: [{ event_line_number: "3", calendar: "SRCH.CALENDAR2", calendar_event: "WORKDAYS" }],
  }),
  envelope("CALE", "SRCH.CALENDAR2", "SRCH/CAL", {
    events: [{ line_number: "1", name: "WORKDAYS", type: "STATIC" }],
    calendar_definitions: [{ event_line_number: "1", year: "2025", content: yearContent(12, [1]) }],
  }),
];

/** Everything below SRCH, sorted by name. */
const ALL = ["SRCH.CALENDAR", "SRCH.CALENDAR2", "SRCH.JOB.BACKUP", "SRCH.JOB.REPORT", "SRCH.SCRIPT", "SRCH.VARA.SQL", "SRCH.VARA.STATIC"];
const BELOW_SRCH = { filter_identifier: "location", location: "\\SRCH", include_subfolders: true };

describe.each(testDialects)("POST /search on %s", (dialect) => {
  let test: TestBaton;
  /** When the last object was imported, and the time between the first imports and it. */
  let lastImportAt = 0;

  async function importObject(body: unknown, client = 100, overwrite = false): Promise<void> {
    const response = await test.rest(`/${client}/objects${overwrite ? "?overwrite_existing_objects=true" : ""}`, json(body));
    expect(response.status, await response.clone().text()).toBe(200);
  }

  async function search(body: Record<string, unknown>, authorization?: string): Promise<ResultInfo> {
    const response = await test.rest("/100/search", { ...json(body), headers: { "content-type": "application/json", ...(authorization && { authorization }) } });
    expect(response.status, await response.clone().text()).toBe(200);
    return ResultInfo.parse(await response.json());
  }

  /** Names found by these filters (below SRCH unless they say where), in the default order. */
  async function found(...filters: Record<string, unknown>[]): Promise<string[]> {
    const result = await search({ filters: [BELOW_SRCH, ...filters], max_results: 100 });
    return result.data.map((item) => item.name);
  }

  beforeAll(async () => {
    test = await startTestBaton(dialect);
    for (const body of OBJECTS) await importObject(body);
    await importObject(job("SRCH.SYSTEM.JOB", "SRCH", {}, ["echo system"]), 0);
    await importObject(envelope("VARA", "SRCH.SYSTEM.VARA", "SRCH", { static_values: [{ key: "SYSTEM_KEY", value1: "zero-secret" }] }, { title: "Shared zero" }), 0);
    await importObject(envelope("USER", "SRCHZERO/OPS", "SRCH", { user_attributes: { is_active: "1", password: "Zero-pass-1" } }), 0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    lastImportAt = Date.now();
    await importObject(envelope("SCRI", "SRCH.SCRIPT", "SRCH", { scripts: [{ process: [':PRINT "hello queue"'] }] }, { title: "Alpha" }), 100, true);
  });
  afterAll(async () => {
    await test.stop();
  });

  it("answers ResultInfo items in the shape clients read", async () => {
    const result = await search({ filters: [{ filter_identifier: "object_name", object_name: "SRCH.JOB.BACKUP" }] });
    expect(result).toMatchObject({ total: 1, hasmore: false });
    const [item] = result.data;
    expect(item).toEqual({
      name: "SRCH.JOB.BACKUP",
      type: "JOBS",
      id: expect.stringMatching(/^\d+$/),
      title: "Nightly backup queue",
      archive_key1: "Finance",
      archive_key2: "K2",
      folder_path: "\\SRCH\\JOBS",
      folder_id: null,
      modified_date: expect.any(Number),
      last_used_date: null,
      link: false,
      score: 1,
      calendar_keyword_name: null,
      calendar_keyword_ctype: null,
      calendar_keyword_valid_from: null,
      calendar_keyword_valid_to: null,
      calendar_keyword_child_calendar_names: [],
      creation_date: expect.any(Number),
    });
    expect(item?.creation_date).toBeLessThanOrEqual(item?.modified_date ?? 0);
  });

  describe("filters", () => {
    it.each([
      ["object_name with *", { filter_identifier: "object_name", object_name: "srch.job.*" }, ["SRCH.JOB.BACKUP", "SRCH.JOB.REPORT"]],
      ["object_name with ?", { filter_identifier: "object_name", object_name: "SRCH.JOB.?EPORT" }, ["SRCH.JOB.REPORT"]],
      ["location without subfolders", { filter_identifier: "location", location: "\\SRCH\\JOBS" }, ["SRCH.JOB.BACKUP"]],
      ["location with subfolders, / as separator", { filter_identifier: "location", location: "/SRCH/JOBS/", include_subfolders: "true" }, ["SRCH.JOB.BACKUP", "SRCH.JOB.REPORT"]],
      ["variable_key in static variables only", { filter_identifier: "variable_key", variable_key: "db_*" }, ["SRCH.VARA.STATIC"]],
      ["variable_key of a key without values", { filter_identifier: "variable_key", variable_key: "EMPTY" }, ["SRCH.VARA.STATIC"]],
      ["variable_value, any value column", { filter_identifier: "variable_value", variable_value: "BACKUP" }, ["SRCH.VARA.STATIC"]],
      ["variable_value with wildcards", { filter_identifier: "variable_value", variable_value: "db01*" }, ["SRCH.VARA.STATIC"]],
      ["agent", { filter_identifier: "agent", agent: "local" }, ["SRCH.JOB.BACKUP", "SRCH.JOB.REPORT"]],
      ["login", { filter_identifier: "login", login: "LOGIN.B*" }, ["SRCH.JOB.BACKUP"]],
      ["archive_key in either key, ignoring case", { filter_identifier: "archive_key", archive_key: "FINANCE*" }, ["SRCH.JOB.BACKUP", "SRCH.JOB.REPORT"]],
      ["archive_key with ?", { filter_identifier: "archive_key", archive_key: "fin?nce" }, ["SRCH.JOB.BACKUP"]],
      ["archive_key over 32 characters", { filter_identifier: "archive_key", archive_key: "F".repeat(33) }, []],
      ["title, words anywhere", { filter_identifier: "title", query: "*queue*" }, ["SRCH.JOB.BACKUP"]],
      ["title ignoring case", { filter_identifier: "title", query: "NIGHTLY" }, ["SRCH.JOB.BACKUP"]],
      ["process page text", { filter_identifier: "process", query: "queue" }, ["SRCH.SCRIPT"]],
      ["process, every word", { filter_identifier: "process", query: "TAR etc" }, ["SRCH.JOB.BACKUP"]],
      ["process, a phrase", { filter_identifier: "process", query: '"czf /tmp"' }, ["SRCH.JOB.BACKUP"]],
      ["process, a phrase that is not there", { filter_identifier: "process", query: '"tar /etc"' }, []],
      ["process, a literal %", { filter_identifier: "process", query: "50%" }, ["SRCH.JOB.BACKUP"]],
      ["process, a short word", { filter_identifier: "process", query: "50" }, ["SRCH.JOB.BACKUP", "SRCH.JOB.REPORT"]],
      ["process, ? for one character", { filter_identifier: "process", query: "ech? rep*t" }, ["SRCH.JOB.REPORT"]],
      ["documentation text", { filter_identifier: "documentation", query: "weekly" }, ["SRCH.JOB.BACKUP"]],
      ["structured documentation keys", { filter_identifier: "documentation", query: "owner" }, ["SRCH.JOB.BACKUP"]],
      ["structured documentation values", { filter_identifier: "documentation", query: "ops team" }, ["SRCH.JOB.BACKUP"]],
      ["object_type", { filter_identifier: "object_type", object_types: ["cale", "SCRI"] }, ["SRCH.CALENDAR", "SRCH.CALENDAR2", "SRCH.SCRIPT"]],
      ["platform", { filter_identifier: "platform", platforms: ["WINDOWS"] }, ["SRCH.JOB.REPORT"]],
      ["object_sub_type", { filter_identifier: "object_sub_type", object_sub_types: ["STATIC", "OS"] }, ["SRCH.JOB.BACKUP", "SRCH.VARA.STATIC"]],
      ["calendar_event by name", { filter_identifier: "calendar_event", calendar_event: "WORKDAYS" }, ["SRCH.CALENDAR", "SRCH.CALENDAR2"]],
      [
        "calendar_event valid in a time frame (epoch milliseconds)",
        { filter_identifier: "calendar_event", calendar_event: "WORK*", time_frame_from: day("2026-03-06") + 3_600_000, time_frame_to: day("2026-04-01") },
        ["SRCH.CALENDAR"],
      ],
      [
        "calendar_event valid in a time frame (epoch seconds)",
        { filter_identifier: "calendar_event", time_frame_from: String(day("2025-11-30") / 1000), time_frame_to: day("2025-12-01") / 1000 },
        ["SRCH.CALENDAR2"],
      ],
      ["calendar_event with its own validity", { filter_identifier: "calendar_event", calendar_event: "HOLIDAYS", time_frame_from: day("2027-06-01") }, ["SRCH.CALENDAR"]],
      ["calendar_event outside every validity", { filter_identifier: "calendar_event", time_frame_from: day("2030-01-01") }, []],
    ])("%s", async (_, filter, expected) => {
      expect(await found(filter)).toEqual(expected);
    });

    it("object_id finds the object with that id", async () => {
      const [backup] = (await search({ filters: [{ filter_identifier: "object_name", object_name: "SRCH.JOB.BACKUP" }] })).data;
      expect(await found({ filter_identifier: "object_id", object_id: backup?.id })).toEqual(["SRCH.JOB.BACKUP"]);
      expect(await found({ filter_identifier: "object_id", object_id: Number(backup?.id) + 100_000 })).toEqual([]);
    });

    it("client adds the objects of client 0", async () => {
      expect(await found({ filter_identifier: "object_name", object_name: "SRCH.SYSTEM.*" })).toEqual([]);
      expect(await found({ filter_identifier: "object_name", object_name: "SRCH.SYSTEM.*" }, { filter_identifier: "client" })).toEqual(["SRCH.SYSTEM.JOB", "SRCH.SYSTEM.VARA"]);
      expect(await found({ filter_identifier: "client" })).toEqual([...ALL.slice(0, 5), "SRCH.SYSTEM.JOB", "SRCH.SYSTEM.VARA", ...ALL.slice(5)]);
    });

    it("client finds client 0's objects by what a result shows, never by what they hold, and never its accounts", async () => {
      const zero = { filter_identifier: "client" };
      expect(await found({ filter_identifier: "title", query: "zero" }, zero)).toEqual(["SRCH.SYSTEM.VARA"]);
      expect(await found({ filter_identifier: "process", query: "system" }, zero)).toEqual([]);
      expect(await found({ filter_identifier: "variable_value", variable_value: "zero-*" }, zero)).toEqual([]);
      expect(await found({ filter_identifier: "variable_key", variable_key: "SYSTEM_KEY" }, zero)).toEqual([]);
      expect(await found({ filter_identifier: "agent", agent: "LOCAL" }, zero)).toEqual(["SRCH.JOB.BACKUP", "SRCH.JOB.REPORT"]);
      expect(await found({ filter_identifier: "object_type", object_types: ["USER"] }, zero)).toEqual([]);
      // Client 0 itself finds them by what they hold.
      const response = await test.rest("/0/search", json({ filters: [BELOW_SRCH, { filter_identifier: "variable_value", variable_value: "zero-*" }] }));
      expect(ResultInfo.parse(await response.json()).data.map((item) => item.name)).toEqual(["SRCH.SYSTEM.VARA"]);
      const accounts = await test.rest("/0/search", json({ filters: [BELOW_SRCH, { filter_identifier: "object_type", object_types: ["USER"] }] }));
      expect(ResultInfo.parse(await accounts.json()).data.map((item) => item.name)).toEqual(["SRCHZERO/OPS"]);
    });

    it("time_frame on created and modified dates", async () => {
      expect(await found({ filter_identifier: "time_frame", time_frame_option: "created", time_frame_from: lastImportAt })).toEqual([]);
      expect(await found({ filter_identifier: "time_frame", time_frame_option: "modified", time_frame_from: lastImportAt })).toEqual(["SRCH.SCRIPT"]);
      expect(await found({ filter_identifier: "time_frame", time_frame_option: "MODIFIED", time_frame_to: lastImportAt })).toEqual(ALL.filter((n) => n !== "SRCH.SCRIPT"));
      expect(await found({ filter_identifier: "time_frame", time_frame_option: "created", time_frame_from: lastImportAt - 60_000, time_frame_to: lastImportAt })).toEqual(ALL);
    });

    it("every filter must hold", async () => {
      expect(await found({ filter_identifier: "object_type", object_types: ["JOBS"] }, { filter_identifier: "title", query: "report" }, { filter_identifier: "agent", agent: "LOCAL" })).toEqual([
        "SRCH.JOB.REPORT",
      ]);
    });
  });

  describe("granularity CALENDAR_EVENT", () => {
    it("returns the events of calendars with their type, validity and child calendars", async () => {
      const result = await search({ filters: [BELOW_SRCH, { filter_identifier: "granularity", granularity: "CALENDAR_EVENT" }] });
      expect(result.total).toBe(4);
      const events = result.data.map((e) => [e.name, e.calendar_keyword_name, e.calendar_keyword_ctype, e.calendar_keyword_valid_from, e.calendar_keyword_valid_to, e.calendar_keyword_child_calendar_names]);
      expect(events).toEqual([
        ["SRCH.CALENDAR", "WORKDAYS", "STATIC", day("2026-03-02"), day("2026-03-06"), []],
        ["SRCH.CALENDAR", "HOLIDAYS", "STATIC", day("2027-01-01"), day("2027-12-31"), []],
        ["SRCH.CALENDAR", "ALLDAYS", "GROUP", null, null, ["SRCH.CALENDAR2"]],
        ["SRCH.CALENDAR2", "WORKDAYS", "STATIC", day("2025-12-01"), day("2025-12-01"), []],
      ]);
      expect(result.data.every((e) => e.type === "CALE" && e.folder_path === "\\SRCH\\CAL")).toBe(true);
    });

    it("filters the events themselves by name and validity", async () => {
      const result = await search({
        filters: [{ filter_identifier: "granularity", granularity: "calendar_event" }, { filter_identifier: "calendar_event", calendar_event: "WORKDAYS", time_frame_to: day("2026-01-01") }],
      });
      expect(result.data.map((e) => [e.name, e.calendar_keyword_name])).toEqual([["SRCH.CALENDAR2", "WORKDAYS"]]);
    });
  });

  describe("sorting", () => {
    /** The value each sort column orders by, for the objects below SRCH. */
    const KEYS: Record<string, Partial<Record<SearchSortColumn, string | null>>> = {
      "SRCH.CALENDAR": { type: "CALE", sub_type: null, platform: null, title: null, archive_key1: null, archive_key2: null, folder_path: "SRCH/CAL" },
      "SRCH.CALENDAR2": { type: "CALE", sub_type: null, platform: null, title: null, archive_key1: null, archive_key2: null, folder_path: "SRCH/CAL" },
      "SRCH.JOB.BACKUP": { type: "JOBS", sub_type: "OS", platform: "UNIX", title: "NIGHTLY BACKUP QUEUE", archive_key1: "FINANCE", archive_key2: "K2", folder_path: "SRCH/JOBS" },
      "SRCH.JOB.REPORT": { type: "JOBS", sub_type: null, platform: "WINDOWS", title: "REPORT", archive_key1: null, archive_key2: "FINANCE-2", folder_path: "SRCH/JOBS/SUB" },
      "SRCH.SCRIPT": { type: "SCRI", sub_type: null, platform: null, title: "ALPHA", archive_key1: null, archive_key2: null, folder_path: "SRCH" },
      "SRCH.VARA.SQL": { type: "VARA", sub_type: null, platform: null, title: null, archive_key1: null, archive_key2: null, folder_path: "SRCH" },
      "SRCH.VARA.STATIC": { type: "VARA", sub_type: "STATIC", platform: null, title: null, archive_key1: null, archive_key2: null, folder_path: "SRCH" },
    };

    /** Names ordered by one key, empty values last, ties by name. */
    function expectedOrder(column: SearchSortColumn, descending: boolean): string[] {
      const key = (name: string) => KEYS[name]?.[column] ?? null;
      return [...ALL].sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        if (x === y) return a < b ? -1 : 1;
        if (x === null) return 1;
        if (y === null) return -1;
        return (x < y ? -1 : 1) * (descending ? -1 : 1);
      });
    }

    async function sorted(sort_columns: { column: string; order?: string }[]): Promise<OutSearchResultItem[]> {
      return (await search({ filters: [BELOW_SRCH], sort_columns, max_results: 100 })).data;
    }

    it.each(["type", "sub_type", "platform", "title", "archive_key1", "archive_key2", "folder_path"] as const)("by %s, both directions, empty values last", async (column) => {
      expect((await sorted([{ column, order: "ASC" }])).map((i) => i.name)).toEqual(expectedOrder(column, false));
      expect((await sorted([{ column, order: "desc" }])).map((i) => i.name)).toEqual(expectedOrder(column, true));
    });

    it("by name, ascending by default", async () => {
      expect((await sorted([{ column: "name" }])).map((i) => i.name)).toEqual(ALL);
      expect((await sorted([{ column: "name", order: "DESC" }])).map((i) => i.name)).toEqual([...ALL].reverse());
    });

    it.each([
      ["modified_date", (i: OutSearchResultItem) => i.modified_date],
      ["creation_date", (i: OutSearchResultItem) => i.creation_date],
    ] as const)("by %s", async (column, value) => {
      const ascending = (await sorted([{ column }])).map(value);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      const descending = (await sorted([{ column, order: "DESC" }])).map(value);
      expect(descending).toEqual([...descending].sort((a, b) => b - a));
    });

    it("mixes directions per column", async () => {
      const items = await sorted([{ column: "type", order: "DESC" }, { column: "name", order: "DESC" }]);
      expect(items.map((i) => i.name)).toEqual(["SRCH.VARA.STATIC", "SRCH.VARA.SQL", "SRCH.SCRIPT", "SRCH.JOB.REPORT", "SRCH.JOB.BACKUP", "SRCH.CALENDAR2", "SRCH.CALENDAR"]);
    });

    it.each([
      ["calendar_event_name", "ASC", ["ALLDAYS", "HOLIDAYS", "WORKDAYS", "WORKDAYS"]],
      ["calendar_event_name", "DESC", ["WORKDAYS", "WORKDAYS", "HOLIDAYS", "ALLDAYS"]],
      ["calendar_event_ctype", "DESC", ["WORKDAYS", "HOLIDAYS", "WORKDAYS", "ALLDAYS"]],
      ["calendar_event_valid_from", "ASC", ["WORKDAYS", "WORKDAYS", "HOLIDAYS", "ALLDAYS"]],
      ["calendar_event_valid_to", "DESC", ["HOLIDAYS", "WORKDAYS", "WORKDAYS", "ALLDAYS"]],
    ])("calendar events by %s %s", async (column, order, expected) => {
      const result = await search({ filters: [BELOW_SRCH, { filter_identifier: "granularity", granularity: "CALENDAR_EVENT" }], sort_columns: [{ column, order }] });
      expect(result.data.map((e) => e.calendar_keyword_name)).toEqual(expected);
    });

    it("calendar event columns leave objects in the order of name", async () => {
      expect((await sorted([{ column: "calendar_event_name", order: "DESC" }])).map((i) => i.name)).toEqual(ALL);
    });
  });

  it("pages with max_results and start_at and counts exactly", async () => {
    const pages: string[] = [];
    for (const start_at of [0, 3, 6]) {
      const page = await search({ filters: [BELOW_SRCH], max_results: 3, start_at });
      expect(page.total).toBe(ALL.length);
      expect(page.hasmore).toBe(start_at + 3 < ALL.length);
      pages.push(...page.data.map((i) => i.name));
    }
    expect(pages).toEqual(ALL);
    const beyond = await search({ filters: [BELOW_SRCH], start_at: 50 });
    expect(beyond).toEqual({ total: ALL.length, data: [], hasmore: false });
    expect((await search({ filters: [BELOW_SRCH] })).data).toHaveLength(ALL.length);
  });

  describe("last use", () => {
    it("knows last use only when the client setting LAST_USE is ON", async () => {
      const response = await test.rest("/100/executions", json({ objectName: "SRCH.SCRIPT", executionOption: "execute" }));
      const runId = OutRunId.parse(await response.json()).run_id;
      const activated = (await waitForEnd(test, 100, runId)).activation_time;
      const used = { filter_identifier: "time_frame", time_frame_option: "used", time_frame_from: lastImportAt };
      expect(await found(used)).toEqual([]);
      expect((await search({ filters: [BELOW_SRCH] })).data.every((i) => i.last_used_date === null)).toBe(true);

      await importObject(envelope("VARA", "UC_CLIENT_SETTINGS", "", { static_values: [{ key: "LAST_USE", value1: "ON" }] }), 100, true);
      expect(await found(used)).toEqual(["SRCH.SCRIPT"]);
      const items = (await search({ filters: [BELOW_SRCH], sort_columns: [{ column: "last_used_date", order: "DESC" }] })).data;
      // last_used_date has milliseconds; the execution's activation_time is written to the second.
      const toSecond = (ms: number | null | undefined) => (typeof ms === "number" ? ms - (ms % 1000) : ms);
      expect(items.map((i) => [i.name, toSecond(i.last_used_date)])).toEqual([["SRCH.SCRIPT", Date.parse(activated)], ...ALL.filter((n) => n !== "SRCH.SCRIPT").map((n) => [n, null])]);
      expect(await found({ ...used, time_frame_to: lastImportAt })).toEqual([]);

      await importObject(envelope("VARA", "UC_CLIENT_SETTINGS", "", { static_values: [] }), 100, true);
    });
  });

  describe("folder permissions", () => {
    const user = (name: string, privileges: string[], authorizations: Record<string, unknown>[]) =>
      envelope("USER", name, "USERS", { user_attributes: { is_active: "1", password: "Seeker-pass1" }, privileges, authorizations });

    beforeAll(async () => {
      await importObject(
        user("SEEKER/OPS", ["SEARCH"], [
          { filter_object_type: "FOLD", filter_object_name: "\\SRCH\\JOBS*", bitcode: Right.READ, auth_group: 1 },
          { filter_object_type: "FOLD", filter_object_name: "\\SRCH\\JOBS\\SUB", bitcode: Right.READ, auth_group: 0 },
          { filter_object_type: "*", filter_object_name: "\\SRCH\\CAL", bitcode: Right.READ, auth_group: 1 },
        ]),
      );
      await importObject(user("OBJECTS/OPS", ["SEARCH"], [{ filter_object_type: "JOBS", filter_object_name: "*", bitcode: Right.READ, auth_group: 1 }]));
      await importObject(user("NOSEARCH/OPS", [], [{ filter_object_type: "*", filter_object_name: "*", bitcode: Right.READ, auth_group: 1 }]));
    });

    it("finds only objects in folders the user may read; prohibitions win", async () => {
      const result = await search({ filters: [BELOW_SRCH] }, basic("SEEKER/OPS:Seeker-pass1"));
      expect(result.data.map((i) => i.name)).toEqual(["SRCH.CALENDAR", "SRCH.CALENDAR2", "SRCH.JOB.BACKUP"]);
      expect(result.total).toBe(3);
    });

    it("ignores rights on objects: without folder permissions nothing is found", async () => {
      expect((await search({ filters: [BELOW_SRCH] }, basic("OBJECTS/OPS:Seeker-pass1"))).total).toBe(0);
    });

    it("needs the SEARCH privilege", async () => {
      const response = await test.rest("/100/search", { ...json({ filters: [BELOW_SRCH] }), headers: { "content-type": "application/json", authorization: basic("NOSEARCH/OPS:Seeker-pass1") } });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: ErrorCode.FORBIDDEN, details: expect.stringContaining("SEARCH") });
    });
  });

  describe("invalid bodies", () => {
    it.each([
      ["no filters", { filters: [] }, ["filters"]],
      ["no body fields", {}, ["filters"]],
      ["an unknown filter", { filters: [{ filter_identifier: "colour" }] }, ["filters[0].filter_identifier"]],
      ["a filter without its field", { filters: [BELOW_SRCH, { filter_identifier: "object_name" }] }, ["filters[1].object_name"]],
      ["an empty type list and a bad sort column", { filters: [{ filter_identifier: "object_type", object_types: [] }], sort_columns: [{ column: "colour", order: "up" }] }, ["filters[0].object_types", "sort_columns[0].column", "sort_columns[0].order"]],
      ["paging out of range", { filters: [BELOW_SRCH], max_results: 0, start_at: -1 }, ["max_results", "start_at"]],
      ["a bad time frame option and date", { filters: [{ filter_identifier: "time_frame", time_frame_option: "viewed", time_frame_to: "yesterday" }] }, ["filters[0].time_frame_option", "filters[0].time_frame_to"]],
      ["a frame that ends before it starts", { filters: [{ filter_identifier: "calendar_event", time_frame_from: 2_000_000, time_frame_to: 1_000_000 }] }, ["filters[0].time_frame_from"]],
      ["a folder path with ..", { filters: [{ filter_identifier: "location", location: "\\SRCH\\..\\X" }] }, ["filters[0].location"]],
      ["an empty full-text query", { filters: [{ filter_identifier: "process", query: '""' }] }, ["filters[0].query"]],
      ["contradicting granularities", { filters: [{ filter_identifier: "granularity", granularity: "OBJECT" }, { filter_identifier: "granularity", granularity: "CALENDAR_EVENT" }] }, ["filters"]],
    ])("refuses %s with 400 at every path", async (_, body, paths) => {
      const response = await test.rest("/100/search", json(body));
      expect(response.status).toBe(400);
      const errors = z.array(OutValidationError).parse(await response.json());
      expect(errors.map((e) => e.path)).toEqual(paths);
      expect(errors.every((e) => e.code === ErrorCode.INVALID_REQUEST)).toBe(true);
    });
  });
});

describe("search results of LINK objects", () => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton();
  });
  afterAll(async () => {
    await test.stop();
  });

  it("are marked as links", async () => {
    await test.rest("/100/objects", json(envelope("JOBS", "LNK.JOB", "L", { job_attributes: { agent: "LOCAL" } })));
    await test.rest("/100/objects", json(envelope("LINK", "LNK.TO.JOB", "L", { link_attributes: { object_name: "LNK.JOB", object_type: "JOBS" } })));
    const response = await test.rest("/100/search", json({ filters: [{ filter_identifier: "object_name", object_name: "LNK.*" }], sort_columns: [{ column: "name", order: "ASC" }] }));
    const result = ResultInfo.parse(await response.json());
    expect(result.data.map((item) => [item.name, item.link])).toEqual([
      ["LNK.JOB", false],
      ["LNK.TO.JOB", true],
    ]);
  });
});
