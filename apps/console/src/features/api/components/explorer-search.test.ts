import { describe, expect, it } from "vitest";
import { explorerStateOf, searchWith } from "./explorer-search";

describe("the explorer's state in the URL", () => {
  it("reads the filter, the open operation and the schema", () => {
    expect(explorerStateOf(new URLSearchParams("q=executions&op=getExecutions&schema=OutExecution"))).toEqual({ q: "executions", op: "getExecutions", schema: "OutExecution" });
    expect(explorerStateOf(new URLSearchParams("op="))).toEqual({ q: "", op: null, schema: null });
  });

  it("changes one parameter and keeps the others", () => {
    const params = new URLSearchParams("q=executions&op=getExecutions");
    expect(searchWith(params, { schema: "OutExecution" })).toBe("?q=executions&op=getExecutions&schema=OutExecution");
    expect(searchWith(params, { op: null, q: "" })).toBe("");
  });
});
