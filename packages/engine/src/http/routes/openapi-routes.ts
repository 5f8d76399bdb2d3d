import { fileAnswer, jsonAnswer, openApiDocument } from "@baton/contract";
import { stringify } from "yaml";
import { z } from "zod";
import { API_BASE } from "../rest-router";
import { defineRoute, noBody, noParams, Reply, type Route } from "../route";
import { API_REFERENCE_CSP, apiReferenceHtml } from "./api-reference-html";
import { swagger2Document } from "./swagger2";

const DESCRIPTION =
  "The REST interface of Baton, a workload-automation engine: executions, forecasts, object definitions, search, repositories and system administration. " +
  "Requests authenticate with HTTP Basic. Every 200 and 201 carries a JSON body ({} when there is nothing to report); error answers carry an OutError, or an array of OutValidationError for invalid input (a conflict with the current state is a 400 whose code says so). " +
  "HEAD is answered wherever GET is, with the same status and headers and no body.";

const AnyDocument = z.record(z.string(), z.unknown());

/**
 * The description of the interface of `routes`, public like /ping so that clients can be generated
 * and the reference read without an account, where the vendor serves it: the OpenAPI 3.1 document
 * (GET /openapi.json), its Swagger 2.0 form as JSON and YAML (GET /openapi2/swagger.json, .yaml) and
 * an HTML reference (GET / and /openapi2/index.html). Each is built from the routes' schemas on its
 * first request (all routes are known by then) and kept.
 */
export function openApiRoutes(routes: readonly Route[], version: string): Route[] {
  let openapi: Record<string, unknown> | undefined;
  let swagger: Record<string, unknown> | undefined;
  let yaml: string | undefined;
  let html: string | undefined;
  const document = () => (openapi ??= openApiDocument(
    routes.map((route) => route.operation),
    { title: "Baton REST interface", version, description: DESCRIPTION, server: API_BASE },
  ));
  const swaggerDocument = () => (swagger ??= swagger2Document(document()));
  const page = () =>
    new Reply(200, (html ??= apiReferenceHtml(document(), { openapi: `${API_BASE}/openapi.json`, swaggerJson: `${API_BASE}/openapi2/swagger.json`, swaggerYaml: `${API_BASE}/openapi2/swagger.yaml` })), "text/html; charset=utf-8", {
      "Content-Security-Policy": API_REFERENCE_CSP,
    });
  const referencePage = (path: string) =>
    defineRoute({
      method: "GET",
      path,
      public: true,
      summary: "The API reference as a web page: every operation with its parameters and answers, and every shape",
      answer: fileAnswer("text/html", "The API reference"),
      params: noParams,
      query: noParams,
      body: noBody,
      handle: page,
    });
  return [
    defineRoute({
      method: "GET",
      path: "/openapi.json",
      public: true,
      summary: "This document: the OpenAPI 3.1 description of the interface",
      answer: jsonAnswer(AnyDocument, "The OpenAPI document"),
      params: noParams,
      query: noParams,
      body: noBody,
      handle: document,
    }),
    referencePage("/"),
    referencePage("/openapi2/index.html"),
    defineRoute({
      method: "GET",
      path: "/openapi2/swagger.json",
      public: true,
      summary: "This document as Swagger 2.0 (OpenAPI 2), in JSON",
      answer: jsonAnswer(AnyDocument, "The Swagger 2.0 document"),
      params: noParams,
      query: noParams,
      body: noBody,
      handle: swaggerDocument,
    }),
    defineRoute({
      method: "GET",
      path: "/openapi2/swagger.yaml",
      public: true,
      summary: "This document as Swagger 2.0 (OpenAPI 2), in YAML",
      answer: fileAnswer("application/yaml", "The Swagger 2.0 document"),
      params: noParams,
      query: noParams,
      body: noBody,
      // The same document as the JSON one, for any YAML reader: no anchors and aliases, no folded
      // lines, and multi-line strings quoted (yaml 2.9 writes "  \n" as a block scalar that reads back as "\n").
      handle: () => new Reply(200, (yaml ??= stringify(swaggerDocument(), { aliasDuplicateObjects: false, lineWidth: 0, blockQuote: false })), "application/yaml; charset=utf-8"),
    }),
  ];
}
