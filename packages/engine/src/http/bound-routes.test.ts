import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { defineOperation, emptyAnswer, noBody, noParams, operationPath, operations, type Operation } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEngine, type TestEngine } from "../testing/test-engine";
import { bindingProblems, everyOperationBoundOnce } from "./bound-routes";
import { API_BASE } from "./rest-router";
import { bindRoute, Reply } from "./route";

/** A route for `operation` whose handler answers `{}`. */
const bound = (operation: Operation) => bindRoute(operation, { handle: () => Reply.empty() });
const table = Object.values(operations);

describe("the binding of the route table", () => {
  it("accepts each operation of the table bound once", () => {
    expect(bindingProblems(table.map(bound))).toEqual([]);
    expect(everyOperationBoundOnce(table.map(bound))).toHaveLength(table.length);
  });

  it("names an operation bound nowhere, or twice", () => {
    const routes = table.filter((operation) => operation !== operations.getExecutions).map(bound);
    routes.push(bound(operations.postScripts));
    expect(bindingProblems(routes)).toEqual(["getExecutions (GET /:client_id/executions) is bound nowhere", "postScripts (POST /:client_id/scripts) is bound 2 times"]);
    expect(() => everyOperationBoundOnce(routes)).toThrow(/getExecutions .* is bound nowhere; postScripts .* is bound 2 times/);
  });

  it("names a route whose operation is not in the table, even with the same method and path as one that is", () => {
    const lookalike = defineOperation({ ...operations.getPing, answer: emptyAnswer("Another ping"), params: noParams, query: noParams, body: noBody });
    expect(bindingProblems([...table.map(bound), bound(lookalike)])).toEqual(["GET /ping is bound but not an operation of the table"]);
  });
});

describe("the engine's REST router", () => {
  let test: TestEngine;
  let server: Server;
  let base = "";

  beforeAll(async () => {
    test = await startTestEngine("sqlite");
    server = createServer(test.engine.handleRest);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address: AddressInfo | string | null = server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}${API_BASE}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await test.stop();
  });

  it("serves every operation of the table: public ones answer, the others ask for a login", async () => {
    const answers: string[] = [];
    for (const [name, operation] of Object.entries(operations)) {
      const params = Object.fromEntries([...operation.path.matchAll(/:([A-Za-z_]+)|\*$/g)].map(([, param]) => [param ?? "*", param === "client_id" ? 100 : 1]));
      const response = await fetch(`${base}${operationPath(operation, params)}`, { method: operation.method });
      await response.arrayBuffer();
      answers.push(`${name} ${response.status}`);
    }
    expect(answers).toEqual(Object.entries(operations).map(([name, operation]) => `${name} ${operation.public ? 200 : 401}`));
  });
});
