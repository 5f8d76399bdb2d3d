import { describe, expect, it } from "vitest";
import { emptyRow, filtersKeyOf, isReadyToSearch, searchFromParams, searchToBody, searchToParams, type FilterRow, type SearchState } from "./search-url";
import { sortByColumn, withoutColumn } from "./search-sort";

const row = (changes: Partial<FilterRow> & Pick<FilterRow, "kind">): FilterRow => ({ ...emptyRow(changes.kind), ...changes });

const state = (rows: FilterRow[], changes: Partial<SearchState> = {}): SearchState => ({ rows, sort: [], maxResults: 50, startAt: 0, ...changes });

describe("search URL", () => {
  it("keeps every filter kind, in row order, through the URL and back", () => {
    const search = state(
      [
        row({ kind: "object_name", text: "E2E.*" }),
        row({ kind: "object_type", text: "JOBS,JOBP" }),
        row({ kind: "location", text: "\\A\\B", option: "subfolders" }),
        row({ kind: "title", text: '"nightly run" rep*t' }),
        row({ kind: "process", text: "echo ~home" }),
        row({ kind: "documentation", text: "owner=ops" }),
        row({ kind: "agent", text: "WIN*" }),
        row({ kind: "login", text: "LOGIN.?" }),
        row({ kind: "archive_key", text: "K1" }),
        row({ kind: "variable_key", text: "KEY*" }),
        row({ kind: "variable_value", text: "val" }),
        row({ kind: "platform", text: "UNIX" }),
        row({ kind: "object_sub_type", text: "SQL" }),
        row({ kind: "object_id", text: "42" }),
        row({ kind: "client" }),
        row({ kind: "time_frame", option: "modified", from: "2026-01-01T00:00:00Z", to: "2026-02-01T00:00:00Z" }),
        row({ kind: "calendar_event", text: "WORK~DAYS", from: "2026-03-01T00:00:00Z" }),
        row({ kind: "granularity", text: "CALENDAR_EVENT" }),
        row({ kind: "object_name", text: "SECOND" }),
      ],
      { sort: [{ column: "type", order: "ASC" }, { column: "modified_date", order: "DESC" }], maxResults: 20, startAt: 40 },
    );
    const params = searchToParams(search);
    expect(params.get("sort_columns")).toBe("type:ASC,modified_date:DESC");
    expect(params.get("location")).toBe("subfolders~\\A\\B");
    expect(params.get("time_frame")).toBe("modified~2026-01-01T00:00:00Z~2026-02-01T00:00:00Z");
    expect(searchFromParams(new URLSearchParams(params.toString()))).toEqual(search);
  });

  it("leaves defaults out and reads a bare URL as no search", () => {
    expect(searchToParams(state([row({ kind: "object_name", text: "A*" })])).toString()).toBe("object_name=A*");
    expect(searchFromParams(new URLSearchParams(""))).toEqual(state([]));
    expect(searchToBody(state([]))).toBeUndefined();
  });

  it("drops unknown parameters and sort columns, and repairs paging", () => {
    const search = searchFromParams(new URLSearchParams("colour=red&object_name=X&sort_columns=colour:ASC,name:desc,name:ASC&max_results=0&start_at=-3"));
    expect(search).toEqual(state([row({ kind: "object_name", text: "X" })], { sort: [{ column: "name", order: "DESC" }], maxResults: 1 }));
  });
});

describe("search body", () => {
  it("sends each row as its filter, dates as epoch milliseconds", () => {
    const body = searchToBody(
      state(
        [
          row({ kind: "object_type", text: " jobs, ,JOBP " }),
          row({ kind: "location", text: "\\A" }),
          row({ kind: "title", text: "queue" }),
          row({ kind: "object_id", text: "17" }),
          row({ kind: "time_frame", option: "used", from: "1970-01-01T00:00:01Z" }),
          row({ kind: "calendar_event", to: "1970-01-01T00:00:02Z" }),
          row({ kind: "client" }),
        ],
        { sort: [{ column: "name", order: "DESC" }], startAt: 50 },
      ),
    );
    expect(body).toEqual({
      filters: [
        { filter_identifier: "object_type", object_types: ["jobs", "JOBP"] },
        { filter_identifier: "location", location: "\\A", include_subfolders: false },
        { filter_identifier: "title", query: "queue" },
        { filter_identifier: "object_id", object_id: 17 },
        { filter_identifier: "time_frame", time_frame_option: "used", time_frame_from: 1000, time_frame_to: undefined },
        { filter_identifier: "calendar_event", calendar_event: undefined, time_frame_from: undefined, time_frame_to: 2000 },
        { filter_identifier: "client" },
      ],
      max_results: 50,
      start_at: 50,
      sort_columns: [{ column: "name", order: "DESC" }],
    });
  });

  it("sends a plain word of the object name as *word*, and a pattern as typed", () => {
    const body = searchToBody(state([row({ kind: "object_name", text: "EXTRACT" }), row({ kind: "object_name", text: " DAILY.* " }), row({ kind: "object_name", text: "JOB?1" }), row({ kind: "agent", text: "WIN01" })]));
    expect(body?.filters).toEqual([
      { filter_identifier: "object_name", object_name: "*EXTRACT*" },
      { filter_identifier: "object_name", object_name: "DAILY.*" },
      { filter_identifier: "object_name", object_name: "JOB?1" },
      // Only the name: an agent, a login or a key is a pattern as it is.
      { filter_identifier: "agent", agent: "WIN01" },
    ]);
    // The URL keeps what was typed.
    expect(searchToParams(state([row({ kind: "object_name", text: "EXTRACT" })])).toString()).toBe("object_name=EXTRACT");
  });

  it("sends values the server must refuse as they are, so it names them", () => {
    const body = searchToBody(state([row({ kind: "object_type", text: "" }), row({ kind: "time_frame", from: "yesterday" })]));
    expect(JSON.parse(JSON.stringify(body))).toMatchObject({
      filters: [{ object_types: [] }, { time_frame_from: null }],
    });
  });
});

describe("sort", () => {
  it("sorts by one column on a click and turns it round on the next", () => {
    const once = sortByColumn([{ column: "type", order: "ASC" }, { column: "name", order: "ASC" }], "name", false);
    expect(once).toEqual([{ column: "name", order: "ASC" }]);
    expect(sortByColumn(once, "name", false)).toEqual([{ column: "name", order: "DESC" }]);
  });

  it("adds columns and mixes directions with shift", () => {
    const two = sortByColumn([{ column: "type", order: "ASC" }], "modified_date", true);
    expect(two).toEqual([{ column: "type", order: "ASC" }, { column: "modified_date", order: "ASC" }]);
    expect(sortByColumn(two, "modified_date", true)).toEqual([{ column: "type", order: "ASC" }, { column: "modified_date", order: "DESC" }]);
    expect(withoutColumn(two, "type")).toEqual([{ column: "modified_date", order: "ASC" }]);
  });
});

describe("search as you type", () => {
  it("sends rows once each has something to search with", () => {
    expect(isReadyToSearch(row({ kind: "object_name", text: "EX" }))).toBe(true);
    expect(isReadyToSearch(row({ kind: "object_name", text: "  " }))).toBe(false);
    expect(isReadyToSearch(row({ kind: "object_type", text: "" }))).toBe(false);
    expect(isReadyToSearch(row({ kind: "object_id", text: "4a" }))).toBe(false);
    expect(isReadyToSearch(row({ kind: "object_id", text: "42" }))).toBe(true);
    expect(isReadyToSearch(row({ kind: "calendar_event" }))).toBe(true);
    expect(isReadyToSearch(row({ kind: "time_frame" }))).toBe(true);
    expect(isReadyToSearch(row({ kind: "client" }))).toBe(true);
  });

  it("tells the same filters by their key, whatever the order and page", () => {
    const rows = [row({ kind: "object_name", text: "EX" }), row({ kind: "location", text: "\\A" })];
    const params = searchToParams(state(rows, { sort: [{ column: "type", order: "DESC" }], startAt: 50, maxResults: 20 }));
    expect(filtersKeyOf(searchFromParams(params).rows)).toBe(filtersKeyOf(rows));
    expect(filtersKeyOf([row({ kind: "object_name", text: "EXT" })])).not.toBe(filtersKeyOf(rows.slice(0, 1)));
  });
});
