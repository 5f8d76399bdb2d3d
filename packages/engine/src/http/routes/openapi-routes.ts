import { jsonAnswer, openApiDocument } from "@baton/contract";
import { z } from "zod";
import { API_BASE } from "../rest-router";
import { defineRoute, noBody, noParams, type Route } from "../route";

const DESCRIPTION =
  "The REST interface of Baton, a workload-automation engine: executions, forecasts, object definitions, search, repositories and system administration. " +
  "Requests authenticate with HTTP Basic. Every 200 and 201 carries a JSON body ({} when there is nothing to report); error answers carry an OutError, or an array of OutValidationError for invalid input (a conflict with the current state is a 400 whose code says so). " +
  "HEAD is answered wherever GET is, with the same status and headers and no body.";

/**
 * GET /openapi.json: the OpenAPI 3.1 document of `routes`, built from their schemas on the first
 * request. Public, like /ping, so that clients can be generated without an account.
 */
export function openApiRoute(routes: readonly Route[], version: string): Route {
  let document: unknown;
  return defineRoute({
    method: "GET",
    path: "/openapi.json",
    public: true,
    summary: "This document: the OpenAPI 3.1 description of the interface",
    answer: jsonAnswer(z.record(z.string(), z.unknown()), "The OpenAPI document"),
    params: noParams,
    query: noParams,
    body: noBody,
    handle: async () => {
      document ??= openApiDocument(
        routes.map((route) => route.operation),
        { title: "Baton REST interface", version, description: DESCRIPTION, server: API_BASE },
      );
      return document as Record<string, unknown>;
    },
  });
}
