import { describe, expect, it } from "vitest";
import { applyObjectPatch } from "./object-patch";

describe("applyObjectPatch", () => {
  const body = {
    general_attributes: { name: "S", type: "SCRI", queue: "CLIENT_QUEUE", description: "old" },
    scripts: [{ process: [":PRINT 1"] }],
    custom: { a: 1, nested: { b: 2, c: 3 } },
  };

  it.each([
    ["changes one member and keeps its siblings", { general_attributes: { queue: "NEW" } }, { ...body, general_attributes: { ...body.general_attributes, queue: "NEW" } }],
    ["replaces arrays whole", { scripts: [{ process: [":PRINT 2", ":PRINT 3"] }] }, { ...body, scripts: [{ process: [":PRINT 2", ":PRINT 3"] }] }],
    ["merges at every depth", { custom: { nested: { c: 4 } } }, { ...body, custom: { a: 1, nested: { b: 2, c: 4 } } }],
    ["adds members the body did not have", { documentation: { x: ["y"] } }, { ...body, documentation: { x: ["y"] } }],
    ["lets null replace a value", { custom: { a: null } }, { ...body, custom: { a: null, nested: { b: 2, c: 3 } } }],
    ["lets an object replace a scalar", { custom: { a: { z: 1 } } }, { ...body, custom: { a: { z: 1 }, nested: { b: 2, c: 3 } } }],
    ["changes nothing with an empty patch", {}, body],
  ])("%s", (_, patch, expected) => {
    expect(applyObjectPatch(body, patch)).toEqual(expected);
  });

  it("leaves the body it was given unchanged", () => {
    const copy = structuredClone(body);
    applyObjectPatch(body, { general_attributes: { queue: "NEW" }, custom: { nested: { b: 9 } } });
    expect(body).toEqual(copy);
  });
});

describe("applyObjectPatch with a member named __proto__", () => {
  it("keeps it a member and leaves prototypes alone", () => {
    const patch: Record<string, unknown> = JSON.parse('{"custom": {"__proto__": {"polluted": true}}}');
    const merged = applyObjectPatch({ custom: {} }, patch);
    expect(Object.keys(merged["custom"] as object)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });
});
