import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { containingPattern, filterRefusal } from "./filter-feedback";

describe("containingPattern", () => {
  it.each([
    ["a plain word", { name: "REPORT", name_exclude: false }, "*REPORT*"],
    ["a whole name", { name: "ETL.VERIFY", name_exclude: false }, "*ETL.VERIFY*"],
    ["a pattern with *", { name: "NIGHTLY.*", name_exclude: false }, null],
    ["a pattern with ?", { name: "JOB?", name_exclude: false }, null],
    ["an excluded name", { name: "REPORT", name_exclude: true }, null],
    ["no name", { name: "", name_exclude: false }, null],
  ])("for %s", (_what, filters, expected) => {
    expect(containingPattern(filters)).toBe(expected);
  });
});

describe("filterRefusal", () => {
  const refused = new ApiError(
    400,
    [{ code: 45106, message: "must be a name pattern: A-Z 0-9 . _ $ @ # - and the wildcards * and ?, at most 200 characters", details: null, path: "name" }],
    "GET",
    "/api/100/executions?name=ETL%20VERIFY",
  );

  it("is the server's reason for the filter it names", () => {
    expect(filterRefusal(refused, "name")).toBe("must be a name pattern: A-Z 0-9 . _ $ @ # - and the wildcards * and ?, at most 200 characters");
  });

  it("is null for another filter, another status or no error", () => {
    expect(filterRefusal(refused, "status")).toBeNull();
    expect(filterRefusal(new ApiError(403, refused.problems, "GET", "/"), "name")).toBeNull();
    expect(filterRefusal(null, "name")).toBeNull();
  });
});
