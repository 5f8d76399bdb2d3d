import type { ObjectBody } from "@baton/contract";
import { describe, expect, it } from "vitest";
import { searchFields, type SearchFields } from "./search-fields";

const NONE: SearchFields = {
  title: null,
  archiveKey1: null,
  archiveKey2: null,
  platform: null,
  subType: null,
  agent: null,
  login: null,
  process: null,
  documentation: null,
  variables: [],
  calendarEvents: [],
};

function body(name: string, members: Record<string, unknown> = {}, general: Record<string, unknown> = {}): ObjectBody {
  return { general_attributes: { name, ...general }, ...members };
}

const day = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** A year string selecting the given day indexes (31 per month). */
function content(indexes: readonly number[]): string {
  const chars = Array<string>(372).fill("0");
  for (const i of indexes) chars[i] = "1";
  return chars.join("");
}

describe("searchFields", () => {
  it.each<[string, string, ObjectBody, Partial<SearchFields>]>([
    ["an object with nothing to search", "FOLD", body("X"), {}],
    [
      "general attributes of any type, numbers as written, empty as absent",
      "PRPT",
      body("X", {}, { title: "Daily prompt", archive_key1: 7, archive_key2: "", sub_type: " os ", platform: "unix" }),
      { title: "Daily prompt", archiveKey1: "7", subType: "OS", platform: "UNIX" },
    ],
    [
      "a job: agent and login upper case, platform from its attributes, the process page only",
      "JOBS",
      body("J", {
        job_attributes: { agent: "local", login: "login.batch", platform: "UNIX" },
        scripts: [{ pre_process: [":SET &A# = 1"] }, { process: ["tar czf x", "echo done"] }, { post_process: [":PRINT 1"] }],
      }),
      { agent: "LOCAL", login: "LOGIN.BATCH", platform: "UNIX", process: "tar czf x\necho done" },
    ],
    ["agent and login of other types are not read", "EVNT", body("E", { job_attributes: { agent: "LOCAL", login: "L" } }), {}],
    ["process pages of scripts and events", "SCRI", body("S", { scripts: [{ process: [":PRINT 1"] }, { process: ["!two pages"] }] }), { process: ":PRINT 1\n!two pages" }],
    ["the platform of an agent group", "HOSTG", body("H", { agent_group_attributes: { platform: "windows" } }), { platform: "WINDOWS" }],
    [
      "documentation: every page, structured entries as name=value",
      "JOBP",
      body("W", { documentation: { DOCU: ["first line", "second"], _DETAILS: ["OWNER=ops", { name: "SLA", value: "4h", extra: { level: 2 } }], NOTE: "one string" } }),
      { documentation: "first line\nsecond\nOWNER=ops\nname=SLA\nvalue=4h\nextra.level=2\none string" },
    ],
    [
      "static variables: keys with their non-empty values in order",
      "VARA",
      body("V", { static_values: [{ key: "K1", value1: "a", value2: "", value3: 3 }, { key: "K2" }, { value1: "no key" }] }),
      { variables: [{ key: "K1", values: ["a", "3"] }, { key: "K2", values: [] }] },
    ],
    ["a VARA of another kind has no static entries", "VARA", body("V", { variable_definitions: { type: "SQL" }, static_values: [{ key: "K", value1: "v" }] }), {}],
    ["static_values of another type are not read", "JOBS", body("J", { job_attributes: { agent: "A" }, static_values: [{ key: "K" }] }), { agent: "A" }],
  ])("%s", (_, type, objectBody, expected) => {
    expect(searchFields(type, objectBody)).toEqual({ ...NONE, ...expected });
  });

  describe("calendar events", () => {
    const events = (members: Record<string, unknown>) => searchFields("CALE", body("C", members)).calendarEvents;

    it("are valid from their first to their last selected day over all years", () => {
      const definitions = [
        { event_line_number: "1", year: "2027", content: content([0]) },
        { event_line_number: "1", year: 2026, content: content([31 + 4, 11 * 31 + 30]) },
        { event_line_number: "2", year: "2020", content: content([0]) },
      ];
      expect(events({ events: [{ line_number: "1", name: "workdays" }], calendar_definitions: definitions })).toEqual([
        { name: "WORKDAYS", ctype: "STATIC", validFrom: day("2026-02-05"), validTo: day("2027-01-01"), childCalendars: [] },
      ]);
    });

    it("ignore selected days a month does not have", () => {
      const [event] = events({ events: [{ line_number: "1", name: "E" }], calendar_definitions: [{ event_line_number: "1", year: "2026", content: content([31 + 29, 31 + 30, 2 * 31]) }] });
      expect(event).toMatchObject({ validFrom: day("2026-03-01"), validTo: day("2026-03-01") });
    });

    it("take their own type and validity, and a group's child calendars", () => {
      expect(
        events({
          events: [
            { line_number: "1", name: "ROLLING", type: "roll", valid_from: "2026-01-01", valid_to: "2026-06-30" },
            { line_number: "2", name: "BOTH" },
            { line_number: "3", name: "BAD.DATES", valid_from: "2026-02-30" },
            { line_number: "4" },
          ],
          group_definitions: [
            { event_line_number: "2", calendar: "cal.a", calendar_event: "X" },
            { event_line_number: "2", calendar: "CAL.B", calendar_event: "Y" },
            { event_line_number: "2", calendar: "CAL.A", calendar_event: "Z" },
          ],
        }),
      ).toEqual([
        { name: "ROLLING", ctype: "ROLL", validFrom: day("2026-01-01"), validTo: day("2026-06-30"), childCalendars: [] },
        { name: "BOTH", ctype: "GROUP", validFrom: null, validTo: null, childCalendars: ["CAL.A", "CAL.B"] },
        { name: "BAD.DATES", ctype: "STATIC", validFrom: null, validTo: null, childCalendars: [] },
      ]);
    });

    it("are read from CALE objects only", () => {
      expect(searchFields("JOBS", body("J", { events: [{ line_number: "1", name: "E" }] })).calendarEvents).toEqual([]);
    });
  });
});
