import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { overwrittenObjects } from "./overwritten-objects";

const problem = (path: string | null) => ({ code: 45105, message: "has uncommitted changes", details: null, path });

describe("overwrittenObjects", () => {
  it("lists the files of a 409 refusal", () => {
    const error = new ApiError(409, [problem("JOBS/A.json"), problem("B.json")], "POST", "/api/100/repositories/pull");
    expect(overwrittenObjects(error)).toEqual(["JOBS/A.json", "B.json"]);
  });

  it("is null for other errors", () => {
    expect(overwrittenObjects(new ApiError(409, [problem(null)], "POST", "/x"))).toBeNull();
    expect(overwrittenObjects(new ApiError(400, [problem("A.json")], "POST", "/x"))).toBeNull();
    expect(overwrittenObjects(new Error("boom"))).toBeNull();
  });
});
