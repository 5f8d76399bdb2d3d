import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { operationExamples, type OperationExample } from "@baton/contract";
import { OpenApiConformance, testDialects } from "@baton/engine/testing";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { examplesOf } from "./testing/api-examples";
import { examplesMarkdown, withAreaExamples } from "./testing/api-examples-markdown";
import { runApiTour, type TourResult } from "./testing/api-tour";
import { TOUR_REPOSITORY_ENV } from "./testing/api-tour/repositories";
import { startTestBaton, type TestBaton } from "./testing/test-baton";

const Examples = z.looseObject({ examples: z.record(z.string(), z.unknown()).optional() });
const Operation = z.looseObject({
  parameters: z.array(z.looseObject({ name: z.string(), in: z.string() })).optional(),
  requestBody: z.looseObject({ content: z.record(z.string(), Examples) }).optional(),
  responses: z.record(z.string(), z.looseObject({ content: z.record(z.string(), Examples).optional() })),
});
type Operation = z.infer<typeof Operation>;
/** The document's operations, as far as the test reads them; the validators get all of it. */
const Document = z.looseObject({ paths: z.record(z.string(), z.record(z.string(), Operation)) });
type Document = z.infer<typeof Document>;

/**
 * Operations whose path names something but that have no 404 to show for a missing one, and why.
 * Every other operation with such a path must show its 404.
 */
const NO_MISSING_ANSWER: Readonly<Record<string, string>> = {
  "GET /{client_id}/objects/{object_name}/timezone": "answers the default time zone for a name no object has",
  "GET /{client_id}/system/agents/{object_name}/authentication_package": "issues the key of an agent still to come",
  "GET /{client_id}/telemetry/export/{start_from}": "start_from is a number of months, not a thing",
};

/** `METHOD /path` of every operation of the document, with its operation. */
function operationsOf(document: Document): Array<[string, Operation]> {
  return Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]): [string, Operation] => [`${method.toUpperCase()} ${path}`, operation]));
}

// 431 is documented for every operation, but node:http answers it before any operation runs: no
// operation's own error (status-codes.test.ts shows it).
const documentsErrors = (operation: Operation) => Object.keys(operation.responses).some((status) => status.startsWith("4") && status !== "431");
const namesSomething = (operation: Operation) => (operation.parameters ?? []).some((p) => p.in === "path" && p.name !== "client_id");

/** The member names of a JSON value, with array items merged: what the examples must still have in common with a fresh answer. */
function shapeOf(value: unknown): string[] {
  const paths = new Set<string>();
  const walk = (item: unknown, at: string) => {
    if (Array.isArray(item)) item.forEach((element) => walk(element, `${at}[]`));
    else if (typeof item === "object" && item !== null) {
      for (const [key, member] of Object.entries(item)) {
        // Maps keyed by names or run ids (variables, ERTs, inputs) have keys of the run, not of the shape.
        const name = /^[a-z_]+$/.test(key) ? key : "*";
        paths.add(`${at}.${name}`);
        walk(member, `${at}.${name}`);
      }
    }
  };
  walk(value, "");
  return [...paths].sort();
}

/** What must hold between an example and the same example made from a fresh tour. */
const comparable = (example: OperationExample | undefined) => example && { summary: example.summary, status: example.status, shape: shapeOf(example.response) };

// One tour of the whole interface: every operation of the OpenAPI document called with success and,
// where it has one, with an error answer; every answer validated against the document with Ajv; and
// the committed examples (packages/contract/src/openapi/examples.json) still what the tour gives.
describe.each(testDialects)("a tour of every operation on %s", (dialect) => {
  let test: TestBaton;
  let document: Document;
  let tour: TourResult;

  beforeAll(async () => {
    test = await startTestBaton(dialect, TOUR_REPOSITORY_ENV);
    document = Document.parse(await (await fetch(`${test.baton.restUrl}/openapi.json`)).json());
    tour = await runApiTour(test);
  }, 120_000);

  afterAll(async () => {
    await test.stop();
  });

  it("calls every operation of the document successfully", () => {
    const succeeded = new Set(tour.exchanges.filter((e) => e.status < 400).map((e) => e.operation));
    const operations = operationsOf(document).map(([key]) => key);
    expect(operations.length).toBeGreaterThan(70);
    expect(operations.filter((key) => !succeeded.has(key))).toEqual([]);
    // And nothing the document does not have.
    expect([...new Set(tour.exchanges.map((e) => e.operation))].filter((key) => !operations.includes(key))).toEqual([]);
  });

  it("shows an error answer of every operation that documents one: 404 for a missing thing the path names", () => {
    const missing = operationsOf(document).flatMap(([key, operation]) => {
      if (!documentsErrors(operation)) return [];
      const errors = tour.exchanges.filter((e) => e.operation === key && e.status >= 400).map((e) => e.status);
      if (errors.length === 0) return [`${key}: no error answer`];
      if (namesSomething(operation) && !(key in NO_MISSING_ANSWER) && !errors.includes(404)) return [`${key}: no 404 (got ${errors.join(", ")})`];
      return [];
    });
    expect(missing).toEqual([]);
  });

  it("gets only answers the document describes, every field and status of them", () => {
    const conformance = new OpenApiConformance(document);
    const problems = tour.exchanges.flatMap((e) => conformance.problems(e.method, `${test.baton.restUrl}${e.path}`, e.status, e.response.type, e.response.text));
    expect(problems).toEqual([]);
    expect(tour.exchanges.filter((e) => e.status >= 500)).toEqual([]);
  });

  it("serves an example of every operation in the document, each valid against its schema", () => {
    const conformance = new OpenApiConformance(document);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(document, "openapi.json");
    const problems: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const key = `${method.toUpperCase()} ${path}`;
        const recorded = operationExamples()[key];
        if (recorded === undefined) {
          problems.push(`${key}: no example`);
          continue;
        }
        if (recorded.error === undefined && documentsErrors(operation)) problems.push(`${key}: no error example`);
        for (const example of [recorded.success, recorded.error]) {
          if (example?.response === undefined) continue;
          const body = typeof example.response === "string" ? example.response : JSON.stringify(example.response);
          problems.push(...conformance.problems(example.method, `${test.baton.restUrl}${example.path}`, example.status, example.responseType ?? null, body));
          const served = operation.responses[String(example.status)]?.content?.[example.responseType ?? ""]?.examples;
          if (served === undefined && (example.responseType === "application/json" || example.responseType?.startsWith("text/"))) problems.push(`${key}: the document does not carry the ${example.status} example`);
        }
        const request = operation.requestBody?.content["application/json"];
        if (recorded.success.requestType === "application/json" && request !== undefined) {
          const validate = ajv.getSchema(`openapi.json#/paths/${path.replace(/~/g, "~0").replace(/\//g, "~1")}/${method}/requestBody/content/application~1json/schema`);
          if (validate !== undefined && !validate(recorded.success.request)) problems.push(`${key}: the request example does not match its schema: ${ajv.errorsText(validate.errors)}`);
          if (request.examples === undefined) problems.push(`${key}: the document does not carry the request example`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("has committed examples that are what the tour gives now (else run pnpm api-examples)", () => {
    const fresh = examplesOf(tour);
    const stale = Object.entries(fresh).flatMap(([key, now]) => {
      const committed = operationExamples()[key];
      const same = JSON.stringify([comparable(committed?.success), comparable(committed?.error)]) === JSON.stringify([comparable(now.success), comparable(now.error)]);
      return same ? [] : [key];
    });
    expect(stale).toEqual([]);
  });

  it("has docs/api-examples.md and the area examples of docs/api.md as the committed examples make them (else run pnpm api-examples)", () => {
    const doc = (name: string) => readFileSync(fileURLToPath(new URL(`../../../docs/${name}`, import.meta.url)), "utf8");
    expect(doc("api-examples.md")).toBe(examplesMarkdown(document, operationExamples()));
    expect(doc("api.md")).toBe(withAreaExamples(doc("api.md"), document, operationExamples()));
  });
});
