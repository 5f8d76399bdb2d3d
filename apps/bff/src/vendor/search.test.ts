import { ResultInfo } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startTestBaton, type TestBaton } from "../testing/test-baton";
import { workflow } from "../testing/workflow-envelope";

/** The vendor's page these tests are written from (docs.automic.com, AE REST API, 21.0). */
const OBJECT_SEARCH =
  "https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.4/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_ObejctSearch.htm";
/** "Using the AE REST API" (12.2) carries the same example as "Specific Workflow Search". */
const USING_THE_API =
  "https://docs.automic.com/documentation/webhelp/english/DU/6/DOCU/12.2/AWA%20Guides/Content/REST%20API/AE_REST_API_Using.htm?TocPath=Integrating%7CREST+API%7C_____3";

/** The page's request, word for word: names like *FLOW*, from the root folder down, at most 20. */
const EXAMPLE_REQUEST = {
  filters: [
    { filter_identifier: "object_name", object_name: "*FLOW*" },
    { filter_identifier: "location", location: "\\", include_subfolders: true },
  ],
  max_results: 20,
};

/** The members of each entry of the page's answer, in its order. */
const EXAMPLE_MEMBERS = [
  "name",
  "type",
  "id",
  "title",
  "archive_key1",
  "archive_key2",
  "folder_path",
  "folder_id",
  "modified_date",
  "last_used_date",
  "link",
  "score",
  "calendar_keyword_name",
  "calendar_keyword_ctype",
  "calendar_keyword_valid_from",
  "calendar_keyword_valid_to",
  "calendar_keyword_child_calendar_names",
  "creation_date",
];

/** An import envelope of any type in `path`. */
function envelope(type: string, name: string, path: string, members: Record<string, unknown> = {}) {
  return { data: { [type.toLowerCase()]: { metadata: { version: "21.0.0" }, general_attributes: { name, type }, ...members } }, path };
}

const job = (name: string, path: string) =>
  envelope("JOBS", name, path, { job_attributes: { platform: "UNIX", agent: "LOCAL", unix_shell: "sh" }, scripts: [{ process: ["true"] }] });

/** 22 jobs named like *FLOW*, so that the example's 20 are fewer than there are. */
const MANY = Array.from({ length: 22 }, (_, i) => `VSRCH.FLOW.JOB${String(i).padStart(2, "0")}`);

/** Everything the example finds: the page's two PromptSets, its workflow, a root object and MANY. */
const FLOW_NAMES = ["PRPT.WORKFLOW.1", "PRPT.WORKFLOW.2", "VSRCH.ROOT.FLOW", "WORKFLOW.DEMO", ...MANY].sort();

describe.each(testDialects)("vendor: object search on %s", (dialect) => {
  let test: TestBaton;
  let importedFrom = 0;
  let importedTo = 0;

  async function search(body: unknown): Promise<ResultInfo> {
    const response = await test.rest("/100/search", json(body));
    expect(response.status, await response.clone().text()).toBe(200);
    return ResultInfo.parse(await response.json());
  }
  const names = (result: ResultInfo) => result.data.map((item) => item.name);

  beforeAll(async () => {
    test = await startTestBaton(dialect);
    importedFrom = Date.now();
    for (const body of [
      envelope("PRPT", "PRPT.WORKFLOW.1", "\\AE_REST_API\\GENERAL"),
      envelope("PRPT", "PRPT.WORKFLOW.2", "\\AE_REST_API\\GENERAL"),
      job("VSRCH.OTHER", "\\AE_REST_API"),
      { ...workflow("WORKFLOW.DEMO", [{ name: "VSRCH.OTHER" }], [2]), path: "\\AE_REST_API\\DEMO" },
      job("VSRCH.ROOT.FLOW", ""),
      ...MANY.map((name) => job(name, "\\VSRCH\\MANY")),
    ]) {
      const response = await test.rest("/100/objects", json(body));
      expect(response.status, await response.clone().text()).toBe(200);
    }
    importedTo = Date.now();
  }, 60_000);
  afterAll(async () => {
    await test.stop();
  });

  it(`${OBJECT_SEARCH}: the example request (object_name *FLOW*, location \\ with include_subfolders, max_results 20) answers 20 of the matches in every folder`, async () => {
    const result = await search(EXAMPLE_REQUEST);
    expect(result.total).toBe(FLOW_NAMES.length);
    expect(result.hasmore).toBe(true);
    expect(names(result)).toEqual(FLOW_NAMES.slice(0, 20));
    expect(names(result).every((name) => name.includes("FLOW"))).toBe(true);
  });

  it(`${USING_THE_API}: the same "Specific Workflow Search" finds the workflow WORKFLOW.DEMO and the objects of other types named like it`, async () => {
    const result = await search({ ...EXAMPLE_REQUEST, filters: [{ filter_identifier: "object_name", object_name: "*WORKFLOW*" }, EXAMPLE_REQUEST.filters[1]] });
    expect(result).toMatchObject({ total: 3, hasmore: false });
    expect(result.data.map((item) => [item.name, item.type])).toEqual([
      ["PRPT.WORKFLOW.1", "PRPT"],
      ["PRPT.WORKFLOW.2", "PRPT"],
      ["WORKFLOW.DEMO", "JOBP"],
    ]);
  });

  it(`${OBJECT_SEARCH}: each entry has the example's members in its order: id a string of digits, type the object type code, folder_path \\A\\B, nulls where nothing is set`, async () => {
    const raw = (await (await test.rest("/100/search", json({ ...EXAMPLE_REQUEST, filters: [{ filter_identifier: "object_name", object_name: "PRPT.WORKFLOW.1" }] }))).json()) as {
      data: Record<string, unknown>[];
    };
    expect(Object.keys(raw)).toEqual(expect.arrayContaining(["total", "data", "hasmore"]));
    const [item] = raw.data;
    expect(Object.keys(item ?? {})).toEqual(EXAMPLE_MEMBERS);
    expect(item).toMatchObject({
      name: "PRPT.WORKFLOW.1",
      type: "PRPT",
      id: expect.stringMatching(/^\d+$/),
      title: null,
      archive_key1: null,
      archive_key2: null,
      folder_path: "\\AE_REST_API\\GENERAL",
      last_used_date: null,
      link: false,
      score: expect.any(Number),
      calendar_keyword_name: null,
      calendar_keyword_ctype: null,
      calendar_keyword_valid_from: null,
      calendar_keyword_valid_to: null,
      calendar_keyword_child_calendar_names: [],
    });
    // folder_id is a string in the example; Baton's folders are paths without an id (docs/decisions.md, Search).
    expect(item?.["folder_id"] === null || typeof item?.["folder_id"] === "string").toBe(true);
  });

  it(`${OBJECT_SEARCH}: an entry's id ("38785339", a string) sent back as it was read in an object_id filter finds that object`, async () => {
    const [demo] = (await search({ filters: [{ filter_identifier: "object_name", object_name: "WORKFLOW.DEMO" }] })).data;
    expect(demo?.id).toMatch(/^\d+$/);
    for (const objectId of [demo?.id, Number(demo?.id)]) {
      expect(names(await search({ filters: [{ filter_identifier: "object_id", object_id: objectId }] }))).toEqual(["WORKFLOW.DEMO"]);
    }
  });

  it(`${OBJECT_SEARCH}: modified_date and creation_date are epoch milliseconds (1523952080000 in the example) of when the object was written`, async () => {
    const [item] = (await search({ filters: [{ filter_identifier: "object_name", object_name: "WORKFLOW.DEMO" }] })).data;
    for (const date of [item?.creation_date, item?.modified_date]) {
      expect(Number.isInteger(date)).toBe(true);
      expect(String(date)).toHaveLength(13);
      expect(date).toBeGreaterThanOrEqual(Math.floor(importedFrom / 1000) * 1000);
      expect(date).toBeLessThanOrEqual(importedTo);
    }
  });

  it(`${OBJECT_SEARCH}: location \\ is the root folder; include_subfolders takes in every folder below it, without it only the root's objects`, async () => {
    const nameFilter = { filter_identifier: "object_name", object_name: "VSRCH.*" };
    const below = await search({ filters: [nameFilter, { filter_identifier: "location", location: "\\", include_subfolders: true }], max_results: 100 });
    expect(names(below)).toEqual([...MANY, "VSRCH.OTHER", "VSRCH.ROOT.FLOW"].sort());
    const root = await search({ filters: [nameFilter, { filter_identifier: "location", location: "\\" }] });
    expect(names(root)).toEqual(["VSRCH.ROOT.FLOW"]);
    expect(root.data[0]?.folder_path).toBe("\\");
    const folder = await search({ filters: [{ filter_identifier: "location", location: "\\AE_REST_API", include_subfolders: false }] });
    expect(names(folder)).toEqual(["VSRCH.OTHER"]);
  });

  it(`${OBJECT_SEARCH}: max_results limits the page; start_at skips what earlier pages answered, and total stays the number of matches`, async () => {
    const first = await search(EXAMPLE_REQUEST);
    const second = await search({ ...EXAMPLE_REQUEST, start_at: 20 });
    expect(second).toMatchObject({ total: FLOW_NAMES.length, hasmore: false });
    expect([...names(first), ...names(second)]).toEqual(FLOW_NAMES);
  });

  it(`${OBJECT_SEARCH}: sort_columns orders the entries, each column ASC or DESC`, async () => {
    const byName = await search({ ...EXAMPLE_REQUEST, sort_columns: [{ column: "name", order: "DESC" }], max_results: 3 });
    expect(names(byName)).toEqual([...FLOW_NAMES].reverse().slice(0, 3));
    const byType = await search({ ...EXAMPLE_REQUEST, filters: [{ filter_identifier: "object_name", object_name: "*WORKFLOW*" }], sort_columns: [{ column: "type", order: "ASC" }, { column: "name", order: "DESC" }] });
    expect(names(byType)).toEqual(["WORKFLOW.DEMO", "PRPT.WORKFLOW.2", "PRPT.WORKFLOW.1"]);
  });
});
