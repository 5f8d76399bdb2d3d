import { describe, expect, it } from "vitest";
import type { Operation, Parameter } from "./openapi-document";
import { buildQuery, fillPathTemplate, operationUrl, pathPlaceholders } from "./path-template";

function parameter(name: string, location: Parameter["in"], changes: Partial<Parameter> = {}): Parameter {
  return { name, in: location, required: location === "path", description: "", schema: { type: ["string"] }, explode: true, multiSegment: false, ...changes };
}

describe("path templates", () => {
  it("lists the placeholders", () => {
    expect(pathPlaceholders("/{client_id}/executions/{run_id}/reports/{report_type}")).toEqual(["client_id", "run_id", "report_type"]);
    expect(pathPlaceholders("/ping")).toEqual([]);
  });

  it("fills placeholders, each value one encoded segment", () => {
    expect(fillPathTemplate("/{client_id}/system/agents/{object_name}", { client_id: "100", object_name: "WIN#1 a/b" })).toEqual({ path: "/100/system/agents/WIN%231%20a%2Fb", missing: [] });
  });

  it("keeps the slashes of a multi-segment parameter", () => {
    expect(fillPathTemplate("/{client_id}/folderobjects/{folder_path}", { client_id: "100", folder_path: "/PRODUCTION/NIGHT RUN" }, new Set(["folder_path"])).path).toBe("/100/folderobjects//PRODUCTION/NIGHT%20RUN");
  });

  it("says which placeholders have no value yet", () => {
    expect(fillPathTemplate("/{client_id}/executions/{run_id}", { client_id: "100", run_id: "  " })).toEqual({ path: "/100/executions/{run_id}", missing: ["run_id"] });
  });
});

describe("query strings", () => {
  const parameters = [
    parameter("client_id", "path"),
    parameter("max_results", "query", { schema: { type: ["integer"] } }),
    parameter("status", "query", { schema: { type: ["array"], items: { type: ["string"] } }, explode: false }),
    parameter("type", "query", { schema: { type: ["array"], items: { type: ["string"] } }, explode: true }),
  ];

  it("leaves out empty values and path parameters", () => {
    expect(buildQuery(parameters, { client_id: "100", max_results: "", status: " " })).toBe("");
  });

  it("sends a list as typed, or repeats the key when the parameter explodes", () => {
    expect(buildQuery(parameters, { max_results: "5", status: "1900,1800", type: "JOBS, JOBP" })).toBe("max_results=5&status=1900%2C1800&type=JOBS&type=JOBP");
  });

  it("builds the URL under /api", () => {
    const operation: Operation = { id: "x", method: "get", path: "/{client_id}/executions", summary: "", description: "", tags: [], deprecated: false, parameters, responses: [] };
    expect(operationUrl(operation, { client_id: "100", max_results: "2" })).toEqual({ url: "/api/100/executions?max_results=2", missing: [] });
  });
});
