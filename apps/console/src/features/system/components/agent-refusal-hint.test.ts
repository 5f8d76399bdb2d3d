import { ErrorCode } from "@baton/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { agentRefusalHint } from "./agent-refusal-hint";

const refusal = (status: number, code: number = ErrorCode.CONFLICT) => new ApiError(status, [{ code, message: "The agent is connected.", details: null, path: null }], "DELETE", "/api/100/system/agents/FAR1");

describe("agent refusal hint", () => {
  it("says to stop a connected agent before deleting it", () => {
    expect(agentRefusalHint(refusal(400), "delete")).toMatch(/Stop the agent first/);
  });

  it("says to choose another name when creating a taken one", () => {
    expect(agentRefusalHint(refusal(400), "create")).toMatch(/Choose another name/);
  });

  it("says a package is made only for an agent that is not connected", () => {
    expect(agentRefusalHint(refusal(400), "package")).toMatch(/Stop the agent, then download the package again/);
  });

  it("says the agent is gone on 404, whatever the change", () => {
    expect(agentRefusalHint(refusal(404), "rename")).toMatch(/deleted or renamed/);
  });

  it("leaves other errors to the generic hints", () => {
    expect(agentRefusalHint(refusal(500), "delete")).toBeUndefined();
    expect(agentRefusalHint(refusal(400, ErrorCode.INVALID_REQUEST), "delete")).toBeUndefined();
    expect(agentRefusalHint(new Error("boom"), "delete")).toBeUndefined();
  });
});
