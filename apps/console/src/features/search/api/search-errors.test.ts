import { describe, expect, it } from "vitest";
import type { ApiProblem } from "../../../lib/api-client";
import { problemsByRow } from "./search-errors";

const problem = (path: string | null, message = "is wrong"): ApiProblem => ({ code: 45106, message, details: null, path });

describe("problemsByRow", () => {
  it("puts each problem at the row and member its path names", () => {
    const { byRow, general } = problemsByRow([
      problem("filters[1].object_types", "must list at least one value"),
      problem("filters[1].object_types[0]", "too long"),
      problem("filters[0]", "unknown filter"),
      problem("filters[12].time_frame_from", "start after end"),
    ]);
    expect(byRow.get(1)).toEqual([
      { field: "object_types", message: "must list at least one value" },
      { field: "object_types", message: "too long" },
    ]);
    expect(byRow.get(0)).toEqual([{ field: null, message: "unknown filter" }]);
    expect(byRow.get(12)).toEqual([{ field: "time_frame_from", message: "start after end" }]);
    expect(general).toEqual([]);
  });

  it("keeps problems of the whole search apart", () => {
    const whole = [problem("filters"), problem("sort_columns[0].order"), problem("max_results"), problem(null)];
    const { byRow, general } = problemsByRow(whole);
    expect(byRow.size).toBe(0);
    expect(general).toEqual(whole);
  });
});
