import { describe, expect, it } from "vitest";
import { DEFAULT_COLUMNS, parseColumnChoice, toggleColumn, visibleColumns } from "./column-choice";

describe("column choice", () => {
  it("defaults to status, name, type, run id, start, end, duration, agent and user", () => {
    expect(parseColumnChoice(undefined)).toEqual(DEFAULT_COLUMNS);
    expect(visibleColumns(DEFAULT_COLUMNS).map((c) => c.label)).toEqual(["Status", "Name", "Type", "RunID", "Start", "End", "Duration", "Agent", "User"]);
  });

  it("fits the default columns beside the navigation at 1280 px: 990 px with the checkbox and the name at its narrowest", () => {
    // 1280 - 220 (navigation) - 48 (page padding) - 2 (border) - 15 (scroll bar) = 995.
    const width = 44 + visibleColumns(DEFAULT_COLUMNS).reduce((sum, column) => sum + (column.width ?? 150), 0);
    expect(width).toBeLessThanOrEqual(995);
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
