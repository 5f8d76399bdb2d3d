import { Validator } from "@seriousme/openapi-schema-validator";
import { operations } from "@baton/contract";
import { OpenApiConformance } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBaton, type TestBaton } from "./testing/test-baton";

/** Every operation of the interface specification ("Endpoints"), as method and path. */
const SPEC_OPERATIONS = [
  "GET /{client_id}/executions",
  "POST /{client_id}/executions",
  "GET /{client_id}/executions/{run_id}",
  "GET /{client_id}/executions/{run_id}/children",
  "GET /{client_id}/executions/{run_id}/comments",
  "POST /{client_id}/executions/{run_id}/comments",
  "GET /{client_id}/executions/{run_id}/ert",
  "GET /{client_id}/executions/{run_id}/reports",
  "GET /{client_id}/executions/{run_id}/reports/{report_type}",
  "POST /{client_id}/executions/{run_id}/status",
  "GET /{client_id}/executions/{run_id}/variables",
  "GET /{client_id}/forecasts",
  "POST /{client_id}/forecasts",
  "DELETE /{client_id}/forecasts",
  "GET /{client_id}/forecasts/agents",
  "GET /{client_id}/forecasts/{forecast_id}",
  "POST /{client_id}/forecasts/{forecast_id}",
  "POST /{client_id}/folderobjects",
  "GET /{client_id}/folderobjects/{folder_path}",
  "POST /{client_id}/objects",
  "GET /{client_id}/objects/{object_name}",
  "GET /{client_id}/objects/{object_name}/inputs",
  "GET /{client_id}/objects/{object_name}/timezone",
  "GET /{client_id}/objects/{object_name}/usage",
  "GET /{client_id}/objects/{object_name}/usage/calendarevent/{event_name}",
  "POST /{client_id}/search",
  "POST /{client_id}/scripts",
  "GET /{client_id}/repositories",
  "POST /{client_id}/repositories",
  "GET /{client_id}/repositories/branches",
  "POST /{client_id}/repositories/branches",
  "GET /{client_id}/repositories/branches/{branch_name}/diff",
  "GET /{client_id}/repositories/branches/{branch_name}/log",
  "GET /{client_id}/repositories/changes",
  "POST /{client_id}/repositories/commits",
  "POST /{client_id}/repositories/commits/{commit_id}",
  "POST /{client_id}/repositories/merge",
  "DELETE /{client_id}/repositories/merge",
  "POST /{client_id}/repositories/pull",
  "GET /{client_id}/system/agentgroups",
  "POST /{client_id}/system/agentpacks",
  "GET /{client_id}/system/agentpacks/{filename}",
  "GET /{client_id}/system/agents",
  "POST /{client_id}/system/agents",
  "GET /{client_id}/system/agents/authentication_package",
  "GET /{client_id}/system/agents/{object_name}",
  "DELETE /{client_id}/system/agents/{object_name}",
  "POST /{client_id}/system/agents/{object_name}/authenticate",
  "GET /{client_id}/system/agents/{object_name}/authentication_package",
  "POST /{client_id}/system/agents/{object_name}/rename",
  "POST /{client_id}/system/agents/{object_name}/renew_transferkey",
  "POST /{client_id}/system/agents/{object_name}/resetpublickey",
  "GET /{client_id}/system/certificates",
  "GET /{client_id}/system/clients",
  "DELETE /{client_id}/system/clients/{target_client}",
  "GET /{client_id}/system/features",
  "GET /{client_id}/system/health",
  "GET /{client_id}/system/metrics/prometheus",
  "GET /{client_id}/system/metrics",
  "GET /{client_id}/system/ra-solutions",
  "POST /{client_id}/system/ra-solutions",
  "POST /{client_id}/system/ra-solutions/upload",
  "GET /{client_id}/system/ra-solutions/{object_name}",
  "GET /ping",
  "GET /{client_id}/productusage",
  "GET /{client_id}/telemetry/export/{start_from}",
  "GET /{client_id}/telemetry/products",
];

type Document = {
  paths: Record<string, Record<string, { summary: string; operationId: string; parameters: Array<{ name: string; in: string; schema: Record<string, unknown>; style?: string }>; responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> }>>;
  components: { schemas: Record<string, Record<string, unknown>> };
};

describe("the OpenAPI document", () => {
  let test: TestBaton;
  let document: Document;

  beforeAll(async () => {
    test = await startTestBaton();
    const response = await fetch(`${test.baton.restUrl}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    document = (await response.json()) as Document;
  });

  afterAll(async () => {
    await test.stop();
  });

  it("is a valid OpenAPI 3.1 document, served without authentication", async () => {
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect((document as unknown as { openapi: string }).openapi).toBe("3.1.0");
  });

  it("lists every operation of the specification, each with a summary and its error answers", () => {
    const documented = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(SPEC_OPERATIONS.filter((operation) => !documented.includes(operation))).toEqual([]);
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const operation of Object.values(methods)) {
        expect(operation.summary, path).not.toBe("");
        expect(Object.keys(operation.responses), path).toContain("500");
        if (path.startsWith("/{client_id}")) expect(Object.keys(operation.responses), path).toEqual(expect.arrayContaining(["400", "401", "403", "404"]));
      }
    }
    const operationIds = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((o) => o.operationId));
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });

  it("documents each operation of the contract's route table under its name, and nothing else", () => {
    const documented = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => `${operation.operationId}: ${method.toUpperCase()} ${path}`));
    const table = Object.entries(operations).map(([name, operation]) => `${name}: ${operation.method} ${operation.path.replace(/:([A-Za-z_]+)/g, "{$1}").replace(/\*$/, `{${operation.wildcard ?? "path"}}`)}`);
    expect(documented.sort()).toEqual(table.sort());
  });

  it("names the shapes of the specification and of the repository extensions as components", () => {
    for (const name of ["OutExecution", "OutExecutionList", "InExecutionBody", "OutError", "OutValidationError", "ResultInfo", "NamedResponse", "OutRepo", "OutRepositoryMerge", "OutRepositoryComparison", "OutRepositoryLogEntry", "InCommitParameters", "InMergeParameters"]) {
      expect(document.components.schemas, name).toHaveProperty(name);
    }
    const changes = document.paths["/{client_id}/repositories/changes"]?.get;
    expect(changes?.responses["200"]?.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/OutRepositoryUncommittedChanges" });
    const merge = document.components.schemas.OutRepositoryMerge;
    expect(JSON.stringify(merge)).toContain("conflicts");
  });

  it("documents query parameters by what they carry (integers, flags, comma lists) and what they mean", () => {
    const list = document.paths["/{client_id}/executions"]?.get;
    const parameter = (name: string) => list?.parameters.find((p) => p.name === name);
    expect(parameter("max_results")?.schema).toMatchObject({ type: "integer", format: "int32" });
    expect(parameter("name_exclude")?.schema).toMatchObject({ type: "boolean" });
    expect(parameter("type")).toMatchObject({ in: "query", style: "form", schema: { type: "array" } });
    expect(parameter("client_id")).toMatchObject({ in: "path", schema: { type: "integer", minimum: 0, maximum: 9999 } });
    expect(parameter("max_results")).toMatchObject({ description: expect.stringMatching(/page size/i) });
    const undescribed = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.values(methods).flatMap((operation) => operation.parameters.filter((p) => p.in === "query" && !(p as { description?: string }).description).map((p) => `${path} ${p.name}`)),
    );
    expect(undescribed).toEqual([]);
    const exportFolder = document.paths["/{client_id}/folderobjects/{folder_path}"]?.get;
    expect(exportFolder?.parameters.find((p) => p.name === "folder_path")).toMatchObject({ in: "path" });
  });

  it("lets the conformance check refuse an undocumented field, an undocumented status and a wrong content type", () => {
    const conformance = new OpenApiConformance(document as never);
    const url = `${test.baton.restUrl}/0/executions`;
    expect(conformance.problems("POST", url, 200, "application/json", JSON.stringify({ run_id: 1001 }))).toEqual([]);
    expect(conformance.problems("POST", url, 200, "application/json", JSON.stringify({ run_id: 1001, extra: true })).join()).toMatch(/additional/);
    expect(conformance.problems("POST", url, 200, "application/json", JSON.stringify({ run_id: "1001" })).join()).toMatch(/integer/);
    expect(conformance.problems("POST", url, 418, "application/json", "{}").join()).toMatch(/not documented/);
    expect(conformance.problems("POST", url, 200, "text/html", "<p>").join()).toMatch(/content type/);
    expect(conformance.problems("GET", `${test.baton.restUrl}/0/nothing/here`, 404, "application/json", JSON.stringify({ code: 1, error: "e", details: "d" }))).toEqual([]);
    expect(conformance.problems("GET", `${test.baton.restUrl}/0/folderobjects/OPS/NIGHTLY`, 200, "application/octet-stream", "")).toEqual([]);
  });
});
