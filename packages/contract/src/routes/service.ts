import { z } from "zod";
import { emptyAnswer, fileAnswer, jsonAnswer } from "../openapi/answers";
import { defineOperation, noBody, noParams } from "./operation";

/** GET /ping: the liveness probe, no authentication, no client. */
export const pingOperations = {
  getPing: defineOperation({
    method: "GET",
    path: "/ping",
    summary: "Answers 200 while the engine runs; no authentication",
    // The vendor shows no payload; `{}` is one that clients which parse every answer can read.
    answer: emptyAnswer("The engine runs"),
    public: true,
    params: noParams,
    query: noParams,
    body: noBody,
  }),
};

const AnyDocument = z.record(z.string(), z.unknown());

/** The reference page, served where the vendor serves it: at the API base and at /openapi2/index.html. */
const referencePage = (path: string) =>
  defineOperation({
    method: "GET",
    path,
    public: true,
    summary: "The API reference as a web page: every operation with its parameters and answers, and every shape",
    answer: fileAnswer("text/html", "The API reference"),
    params: noParams,
    query: noParams,
    body: noBody,
  });

/**
 * The description of the interface, public like /ping so that clients can be generated and the
 * reference read without an account: the OpenAPI 3.1 document, its Swagger 2.0 form as JSON and
 * YAML, and an HTML reference.
 */
export const documentOperations = {
  getOpenapiJson: defineOperation({
    method: "GET",
    path: "/openapi.json",
    public: true,
    summary: "This document: the OpenAPI 3.1 description of the interface",
    answer: jsonAnswer(AnyDocument, "The OpenAPI document"),
    params: noParams,
    query: noParams,
    body: noBody,
  }),
  get: referencePage("/"),
  getOpenapi2IndexHtml: referencePage("/openapi2/index.html"),
  getOpenapi2SwaggerJson: defineOperation({
    method: "GET",
    path: "/openapi2/swagger.json",
    public: true,
    summary: "This document as Swagger 2.0 (OpenAPI 2), in JSON",
    answer: jsonAnswer(AnyDocument, "The Swagger 2.0 document"),
    params: noParams,
    query: noParams,
    body: noBody,
  }),
  getOpenapi2SwaggerYaml: defineOperation({
    method: "GET",
    path: "/openapi2/swagger.yaml",
    public: true,
    summary: "This document as Swagger 2.0 (OpenAPI 2), in YAML",
    answer: fileAnswer("application/yaml", "The Swagger 2.0 document"),
    params: noParams,
    query: noParams,
    body: noBody,
  }),
};
