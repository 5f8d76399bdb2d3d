import { describe, expect, it } from "vitest";
import { InSessionPermissionsQuery, MAX_PERMISSION_OBJECTS } from "@baton/contract";
import { isAskable, permissionRequests, privilegeRefusalText, refusalText } from "./permissions";

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

describe("permission requests", () => {
  const objects = (count: number) => Array.from({ length: count }, (_, i) => ({ type: "JOBS", name: `JOB.${i}` }));

  it("ask for the privileges alone when there is no object", () => {
    expect(permissionRequests([])).toEqual([[]]);
  });

  it("ask about at most as many objects per request as the endpoint takes, each once", () => {
    expect(permissionRequests(objects(MAX_PERMISSION_OBJECTS)).map((asked) => asked.length)).toEqual([MAX_PERMISSION_OBJECTS]);
    const requests = permissionRequests(objects(2 * MAX_PERMISSION_OBJECTS + 1));
    expect(requests.map((asked) => asked.length)).toEqual([MAX_PERMISSION_OBJECTS, MAX_PERMISSION_OBJECTS, 1]);
    expect(requests.flat()).toEqual(objects(2 * MAX_PERMISSION_OBJECTS + 1));
  });

  it("leave out executions whose type the endpoint cannot be asked about, as a period container (C_PERIOD)", () => {
    const job = { type: "JOBS", name: "OPS.QUICK" };
    const container = { type: "C_PERIOD", name: "OPS.QUICK" };
    expect(permissionRequests([container, job])).toEqual([[job]]);
    // The privileges alone: the request the app shell makes already.
    expect(permissionRequests([container])).toEqual([[]]);
  });

  it("ask only what the endpoint's own schema takes", () => {
    for (const type of ["JOBS", "JOBP", "C_PERIOD", "CALL", "JSCH", "EVNT", "X", "ABCDEFGHI", "jobs", "C_HOSTG"]) {
      const object = `${type}:A.NAME`;
      expect(isAskable({ type, name: "A.NAME" }), type).toBe(InSessionPermissionsQuery.safeParse({ object }).success);
    }
  });
});
