import { describe, expect, it } from "vitest";
import type { OutExecution, OutSearchResultItem } from "@baton/contract";
import { quickOpenOptions } from "./quick-open-options";
import { runIdOf } from "./run-id";
import { SCREENS } from "./screens";

describe("runIdOf", () => {
  it.each([
    ["1001", 1001],
    [" #42 ", 42],
    ["0", null],
    ["2147483648", null],
    ["10a", null],
    ["", null],
  ])("%j names %s", (text, runId) => expect(runIdOf(text)).toBe(runId));
});

describe("quickOpenOptions", () => {
  const object = (name: string, id: string): OutSearchResultItem => ({ name, id, type: "JOBS", title: null, archive_key1: null, archive_key2: null, folder_path: "\\ETL", folder_id: null, modified_date: 0, creation_date: 0, last_used_date: null, link: false, score: 1, calendar_keyword_name: null, calendar_keyword_ctype: null, calendar_keyword_valid_from: null, calendar_keyword_valid_to: null, calendar_keyword_child_calendar_names: [] });
  const run = (runId: number, name: string): OutExecution => ({ run_id: runId, name, type: "JOBS", queue: "CLIENT_QUEUE", status: 1900, status_text: "ENDED_OK", activation_time: "2026-11-26T10:00:00.000Z", user: "ADMIN/ADMIN" });

  it("puts the run of a RunID first, then screens, ranked objects, runs by name and the search", () => {
    const options = quickOpenOptions("extract", { objects: [object("REEXTRACT", "2"), object("EXTRACT", "1")], runs: [run(7, "EXTRACT")] }, true);
    expect(options.map((o) => [o.section, o.primary, o.to])).toEqual([
      ["Objects", "EXTRACT", "/objects/EXTRACT"],
      ["Objects", "REEXTRACT", "/objects/REEXTRACT"],
      ["Runs", "EXTRACT · run 7", "/executions/7"],
      ["Search", "Search objects for “extract”", "/search?object_name=extract"],
    ]);
    expect(options[2]?.secondary).toMatch(/^ENDED_OK \(1900\) · JOBS · activated 2026-11-26 \d\d:00:00$/);
    const byId = quickOpenOptions("7", { run: run(7, "EXTRACT"), runs: [run(7, "EXTRACT")] }, false);
    expect(byId.map((o) => o.section)).toEqual(["Run"]);
  });

  it("lists every screen for no text, and the screens a word names before the objects", () => {
    expect(quickOpenOptions("", {}, false)).toHaveLength(SCREENS.length);
    expect(quickOpenOptions("health", { objects: [object("HEALTH.CHECK", "3")] }, true).map((o) => o.primary)).toEqual(["Health", "HEALTH.CHECK", "Search objects for “health”"]);
  });
});
