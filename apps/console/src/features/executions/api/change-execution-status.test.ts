import { describe, expect, it } from "vitest";
import { ApiError, NetworkError } from "../../../lib/api-client";
import { restartRefusals } from "./change-execution-status";

const problem = (path: string | null, message: string) => ({ code: 45106, message, details: null, path });

describe("restartRefusals", () => {
  it("names each refused option by its place in the restart options", () => {
    const error = new ApiError(
      400,
      [problem("restart.queue", "queue 'NO_SUCH_QUEUE' does not exist in client 100"), problem("restart.inputs.DAYS#", "must be a number"), problem("action", "unknown")],
      "POST",
      "/api/100/executions/7/status",
    );
    expect([...restartRefusals(error)]).toEqual([
      ["queue", "queue 'NO_SUCH_QUEUE' does not exist in client 100"],
      ["inputs.DAYS#", "must be a number"],
    ]);
  });

  it("names nothing for a refusal that is not about the options", () => {
    expect(restartRefusals(new ApiError(403, [problem(null, "Forbidden")], "POST", "/x")).size).toBe(0);
    expect(restartRefusals(new NetworkError("POST", "/x", new Error("down"))).size).toBe(0);
    expect(restartRefusals(null).size).toBe(0);
  });
});
