import { describe, expect, it } from "vitest";
import { privilegeRefusalText, refusalText } from "./permissions";

describe("refusal texts", () => {
  it("name the act, the object and the right it needs", () => {
    expect(refusalText("cancel", { type: "JOBS", name: "X" })).toBe("Your user may not cancel executions of JOBS 'X': it needs the cancel right. Ask an administrator.");
    expect(refusalText("cancel", { type: "JOBP", name: "FLOW" }, "restart executions of")).toBe("Your user may not restart executions of JOBP 'FLOW': it needs the cancel right. Ask an administrator.");
    expect(refusalText("execute", { type: "JOBS", name: "X" })).toBe("Your user may not execute JOBS 'X': it needs the execute right. Ask an administrator.");
    expect(refusalText("write", { type: "VARA", name: "V" })).toBe("Your user may not change VARA 'V': it needs the write right. Ask an administrator.");
  });

  it("name the privilege a screen needs", () => {
    expect(privilegeRefusalText("the repository", "REPOSITORY")).toBe("Your user may not use the repository: it needs the privilege REPOSITORY. Ask an administrator.");
  });
});
