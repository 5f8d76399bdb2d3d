import { describe, expect, it } from "vitest";
import { DEFAULT_COLUMNS, parseColumnChoice, toggleColumn, visibleColumns } from "./column-choice";

describe("column choice", () => {
  it("defaults to status, name, type, run id, start, end, duration, agent and user", () => {
    expect(parseColumnChoice(undefined)).toEqual(DEFAULT_COLUMNS);
    expect(visibleColumns(DEFAULT_COLUMNS).map((c) => c.label)).toEqual(["Status", "Name", "Type", "RunID", "Start", "End", "Duration", "Agent", "User"]);
  });

  it("keeps known columns in table order and drops unknown ones", () => {
    expect(parseColumnChoice(["user", "gone", "status", "status", 3])).toEqual(["status", "user"]);
    expect(parseColumnChoice(["gone"])).toEqual(DEFAULT_COLUMNS);
    expect(parseColumnChoice({ status: true })).toEqual(DEFAULT_COLUMNS);
  });

  it("shows and hides a column, never the last one", () => {
    expect(toggleColumn(["status", "user"], "name")).toEqual(["status", "name", "user"]);
    expect(toggleColumn(["status", "user"], "user")).toEqual(["status"]);
    expect(toggleColumn(["status"], "status")).toEqual(["status"]);
  });
});
