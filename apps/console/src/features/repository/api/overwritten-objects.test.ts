import { ErrorCode } from "@baton/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { overwrittenObjects } from "./overwritten-objects";

const problem = (path: string | null, code: number = ErrorCode.CONFLICT) => ({ code, message: "has uncommitted changes", details: null, path });

describe("overwrittenObjects", () => {
  it("lists the files of a conflict (400 with the CONFLICT code: the interface has no 409)", () => {
    const error = new ApiError(400, [problem("JOBS/A.json"), problem("B.json")], "POST", "/api/100/repositories/pull");
    expect(overwrittenObjects(error)).toEqual(["JOBS/A.json", "B.json"]);
  });

  it("is null for other errors", () => {
    expect(overwrittenObjects(new ApiError(400, [problem(null)], "POST", "/x"))).toBeNull();
    expect(overwrittenObjects(new ApiError(400, [problem("A.json", ErrorCode.INVALID_REQUEST)], "POST", "/x"))).toBeNull();
    expect(overwrittenObjects(new ApiError(409, [problem("A.json")], "POST", "/x"))).toBeNull();
    expect(overwrittenObjects(new Error("boom"))).toBeNull();
  });
});
