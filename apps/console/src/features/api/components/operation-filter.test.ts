import { describe, expect, it } from "vitest";
import type { Operation } from "../api/openapi-document";
import { filterNames, groupByTag, matchesFilter } from "./operation-filter";

function operation(id: string, method: Operation["method"], path: string, tags: string[], summary = ""): Operation {
  return { id, method, path, summary, description: "", tags, deprecated: false, parameters: [], responses: [] };
}

const OPERATIONS = [
  operation("getPing", "get", "/ping", ["service"], "Whether the engine answers"),
  operation("getExecutions", "get", "/{client_id}/executions", ["executions"], "Executions, newest activation first"),
  operation("postExecutions", "post", "/{client_id}/executions", ["executions"], "Start an object"),
  operation("getSystemHealth", "get", "/{client_id}/system/health", ["system"], "Health of the engine"),
  operation("legacy", "get", "/legacy", []),
];

describe("filtering operations", () => {
  const ids = (filter: string) => OPERATIONS.filter((op) => matchesFilter(op, filter)).map((op) => op.id);

  it("matches the path, summary, tag and operationId, ignoring case", () => {
    expect(ids("executions")).toEqual(["getExecutions", "postExecutions"]);
    expect(ids("HEALTH")).toEqual(["getSystemHealth"]);
    expect(ids("service")).toEqual(["getPing"]);
    expect(ids("postExecutions")).toEqual(["postExecutions"]);
    expect(ids("engine")).toEqual(["getPing", "getSystemHealth"]);
  });

  it("needs every word, the method among them", () => {
    expect(ids("post executions")).toEqual(["postExecutions"]);
    expect(ids("  ")).toHaveLength(OPERATIONS.length);
  });

  it("filters component names too", () => {
    expect(filterNames(["OutExecution", "OutExecutionList", "OutError"], "execution list")).toEqual(["OutExecutionList"]);
  });
});

describe("grouping by tag", () => {
  it("follows the document's tag order and leaves empty tags out", () => {
    const groups = groupByTag(OPERATIONS, [
      { name: "system", description: "" },
      { name: "executions", description: "Runs" },
      { name: "unused", description: "" },
    ]);
    expect(groups.map((g) => [g.tag, g.operations.length])).toEqual([
      ["system", 1],
      ["executions", 2],
      ["service", 1],
      ["other", 1],
    ]);
    expect(groups[1]?.description).toBe("Runs");
  });

  it("lists an operation with two tags under both", () => {
    const groups = groupByTag([operation("x", "get", "/x", ["a", "b"])], []);
    expect(groups.map((g) => g.operations.map((op) => op.id))).toEqual([["x"], ["x"]]);
  });
});
