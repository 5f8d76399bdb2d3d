import { describe, expect, it } from "vitest";
import { NO_FILTERS, activeFilterNames, filtersFromSearch, filtersToQuery, filtersToSearch, isExecutionFilters, numberFilterProblem } from "./execution-filters";
import { splitList } from "../../../lib/comma-list";

describe("filters in the page URL", () => {
  it("reads every parameter of the spec and ignores others", () => {
    const filters = filtersFromSearch(
      new URLSearchParams("name=NIGHTLY.*&name_exclude=true&status=ANY_ABEND,1900&type=JOBS,Workflow&time_frame_option=start&time_frame_from=2025-01-01T00:00:00Z&agent_exclude=1&commented_only=false&limit=200&queue=%20Q1%20"),
    );
    expect(filters).toEqual({
      ...NO_FILTERS,
      name: "NIGHTLY.*",
      name_exclude: true,
      status: "ANY_ABEND,1900",
      type: "JOBS,Workflow",
      time_frame_option: "start",
      time_frame_from: "2025-01-01T00:00:00Z",
      agent_exclude: true,
      queue: "Q1",
    });
  });

  it("writes only what is set, flags as true, in the spec's order", () => {
    const search = filtersToSearch({ ...NO_FILTERS, user: "OPS/*", status: "1800-1899", run_id: "12", include_deactivated: true, user_exclude: false });
    expect(search.toString()).toBe("run_id=12&status=1800-1899&include_deactivated=true&user=OPS%2F*");
  });

  it("gives back the same filters after a round trip through the URL", () => {
    const filters = { ...NO_FILTERS, name: "A B*", archive_key2: "K&2", sync_usage: "S1,S2", modified_only: true, zdu_version: "B" };
    expect(filtersFromSearch(new URLSearchParams(filtersToSearch(filters).toString()))).toEqual(filters);
  });

  it("is empty without filters", () => {
    expect(filtersToQuery(NO_FILTERS)).toEqual({});
    expect(activeFilterNames(NO_FILTERS)).toEqual([]);
  });

  it("names the filters that are set", () => {
    expect(activeFilterNames({ ...NO_FILTERS, agent: "W*", agent_exclude: true, name: "X" })).toEqual(["name", "agent", "agent_exclude"]);
  });
});

describe("helpers", () => {
  it("splits comma-separated lists as the server does", () => {
    expect(splitList(" JOBS, JOBP ,,")).toEqual(["JOBS", "JOBP"]);
    expect(splitList("")).toEqual([]);
  });

  it("recognises filters read back from a query key", () => {
    expect(isExecutionFilters({ ...NO_FILTERS })).toBe(true);
    expect(isExecutionFilters({ name: "", status: "", maxResults: 50 })).toBe(false);
    expect(isExecutionFilters({ ...NO_FILTERS, commented_only: "true" })).toBe(false);
    expect(isExecutionFilters(null)).toBe(false);
  });
});

describe("number filters", () => {
  it.each([
    ["run_id", "1042", null],
    ["run_id", " 7 ", null],
    ["run_id", "", null],
    ["run_id", "abc", "A RunID is a positive whole number, like 1042"],
    ["run_id", "0", "A RunID is a positive whole number, like 1042"],
    ["run_id", "-3", "A RunID is a positive whole number, like 1042"],
    ["run_id", "1.5", "A RunID is a positive whole number, like 1042"],
    ["run_id", "99999999999", "A RunID is a positive whole number, like 1042"],
    ["reference_run_id", "0", null],
    ["remote_status_number", "x", "A status number is a whole number, like 1900"],
    ["alias", "abc", null],
  ] as const)("%s = %j → %j", (name, text, problem) => expect(numberFilterProblem(name, text)).toBe(problem));
});
