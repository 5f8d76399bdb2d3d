import SwaggerParser from "@apidevtools/swagger-parser";
import { Validator } from "@seriousme/openapi-schema-validator";
import { OutError } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";
import { basic, startTestBaton, type TestBaton } from "../testing/test-baton";

/**
 * The vendor's page this is written from (docs.automic.com, AE REST API, "Get Swagger
 * Documentation"): the reference is requested "via web browser" at GET /ae/api/v1 or
 * /ae/api/v1/openapi2/index.html, and as /ae/api/v1/openapi2/swagger.json and .yaml.
 */
const USING = "https://docs.automic.com/documentation/webhelp/english/AA/12.3/DOCU/12.3/Automic%20Automation%20Guides/Content/REST_API/AE_REST_API_Using.htm";

const METHODS = new Set(["get", "put", "post", "delete", "patch", "options", "head"]);
const Operation = z.looseObject({ operationId: z.string(), summary: z.string(), tags: z.array(z.string()), security: z.array(z.unknown()).optional(), parameters: z.array(z.looseObject({ name: z.string(), in: z.string(), required: z.boolean().optional() })).optional() });
const OpenApi = z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.record(z.string(), z.unknown())), components: z.looseObject({ schemas: z.record(z.string(), z.unknown()) }) });
const Swagger = z.looseObject({ swagger: z.literal("2.0"), basePath: z.string(), paths: z.record(z.string(), z.record(z.string(), z.unknown())), definitions: z.record(z.string(), z.unknown()) });

/** Every operation of a document (3.1 or 2.0) by `METHOD /path`. */
function operationsOf(paths: Record<string, Record<string, unknown>>): Map<string, z.infer<typeof Operation>> {
  return new Map(Object.entries(paths).flatMap(([path, methods]) => Object.entries(methods).filter(([method]) => METHODS.has(method)).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, Operation.parse(operation)] as const)));
}

function escaped(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

describe.each(testDialects)("vendor: the API reference where the vendor serves it, on %s", (dialect) => {
  let test: TestBaton;
  let base: string;
  let openapi: z.infer<typeof OpenApi>;

  beforeAll(async () => {
    test = await startTestBaton(dialect);
    base = test.baton.restUrl;
    openapi = OpenApi.parse(await (await test.rest("/openapi.json")).json());
  });

  afterAll(async () => {
    await test.stop();
  });

  it(`shows the reference as a web page at /ae/api/v1 and /ae/api/v1/openapi2/index.html, without a login (${USING})`, async () => {
    const pages: string[] = [];
    for (const url of [base, `${base}/`, `${base}/openapi2/index.html`]) {
      // A browser sends no login: nothing is asked of it.
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("content-type"), url).toBe("text/html; charset=utf-8");
      // Self-contained: nothing loads from elsewhere and no script runs, offline or behind a strict proxy.
      expect(response.headers.get("content-security-policy"), url).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'/);
      pages.push(await response.text());
    }
    expect(new Set(pages).size).toBe(1);
    const page = pages[0] ?? "";
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).not.toMatch(/<script|<link|<img|<iframe|src=/i);
    const operations = operationsOf(openapi.paths);
    expect(operations.size).toBeGreaterThan(70);
    for (const [key, operation] of operations) {
      const [method = "", path = ""] = key.split(" ");
      expect(page, key).toContain(`<section id="${escaped(operation.operationId)}">`);
      expect(page, key).toContain(`>${method}</span> <code>${escaped(path)}</code>`);
      expect(page, key).toContain(escaped(operation.summary));
    }
    for (const name of Object.keys(openapi.components.schemas)) expect(page, name).toContain(`<section id="schema-${escaped(name)}">`);
    // Links to the documents, each of which answers.
    const links = [...page.matchAll(/<a href="(\/[^"#]+)">/g)].map((match) => match[1] ?? "");
    expect(links.sort()).toEqual(["/ae/api/v1/openapi.json", "/ae/api/v1/openapi2/swagger.json", "/ae/api/v1/openapi2/swagger.yaml"]);
    for (const link of links) expect((await fetch(new URL(link, base))).status, link).toBe(200);
    // Every in-page link has its target.
    for (const [, target] of page.matchAll(/<a href="#([^"]+)">/g)) expect(page, target).toContain(` id="${target}"`);
  });

  it(`escapes the document's text in the page (${USING})`, async () => {
    const page = await (await fetch(base)).text();
    // Values of the document that HTML would read as markup (the agent templates `<UNIX>`, `<WIN>`): shown as text.
    const marked = [...new Set(JSON.stringify(openapi).match(/"enum":\[[^\]]*\]/g) ?? [])].flatMap((list) => z.array(z.unknown()).parse(JSON.parse(list.slice("\"enum\":".length)))).filter((value): value is string => typeof value === "string" && /[<>&]/.test(value));
    expect(marked.length).toBeGreaterThan(0);
    for (const value of marked) {
      expect(page, value).toContain(escaped(JSON.stringify(value)));
      expect(page, value).not.toContain(value);
    }
  });

  it(`serves the Swagger 2.0 form of the OpenAPI 3.1 document at /ae/api/v1/openapi2/swagger.json, valid and with every operation (${USING})`, async () => {
    const response = await fetch(`${base}/openapi2/swagger.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    const raw: unknown = await response.json();
    const result = await new Validator({ allErrors: true }).validate(structuredClone(raw) as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    // The parser's own checks besides the schema: path parameters declared and required, unique operation ids, ...
    await expect(SwaggerParser.validate(structuredClone(raw) as never)).resolves.toBeDefined();
    const swagger = Swagger.parse(raw);
    expect(swagger.basePath).toBe("/ae/api/v1");
    expect(swagger).not.toHaveProperty("host");
    const before = operationsOf(openapi.paths);
    const after = operationsOf(swagger.paths);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [key, operation] of before) {
      const converted = after.get(key);
      expect({ id: converted?.operationId, summary: converted?.summary, tags: converted?.tags, security: converted?.security }, key).toEqual({ id: operation.operationId, summary: operation.summary, tags: operation.tags, security: operation.security });
      const parameters = (converted?.parameters ?? []).filter((p) => p.in !== "body").map((p) => `${p.in} ${p.name} ${String(p.required)}`);
      expect(parameters, key).toEqual((operation.parameters ?? []).map((p) => `${p.in} ${p.name} ${String(p.required)}`));
    }
    expect(Object.keys(swagger.definitions).sort()).toEqual(Object.keys(openapi.components.schemas).sort());
  });

  it(`serves the same Swagger 2.0 document in YAML at /ae/api/v1/openapi2/swagger.yaml (${USING})`, async () => {
    const json: unknown = await (await fetch(`${base}/openapi2/swagger.json`)).json();
    const response = await fetch(`${base}/openapi2/swagger.yaml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/yaml; charset=utf-8");
    const text = await response.text();
    expect(text).toMatch(/^swagger: "2\.0"\n/);
    expect(parse(text)).toEqual(json);
  });

  it(`answers HEAD like GET without a body, and takes a wrong login as no login (${USING})`, async () => {
    for (const path of ["", "/openapi2/index.html", "/openapi2/swagger.json", "/openapi2/swagger.yaml"]) {
      const get = await fetch(`${base}${path}`, { headers: { authorization: basic("NOBODY/X:wrong") } });
      expect(get.status, path).toBe(200);
      const head = await test.rest(path, { method: "HEAD" });
      expect(head.status, path).toBe(200);
      expect(head.headers.get("content-type"), path).toBe(get.headers.get("content-type"));
      expect(head.headers.get("content-length"), path).toBe(get.headers.get("content-length"));
      expect(await head.text(), path).toBe("");
    }
  });

  it(`answers only GET and HEAD there, and 404 for other files of /openapi2 (${USING})`, async () => {
    const post = await fetch(`${base}/openapi2/swagger.json`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    OutError.parse(await post.json());
    const missing = await test.rest("/openapi2/swagger.xml");
    expect(missing.status).toBe(404);
    OutError.parse(await missing.json());
  });
});
