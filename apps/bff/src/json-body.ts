import { nestsDeeperThan } from "@baton/engine";
import express, { type RequestHandler } from "express";

/** Refusal of a body nested too deep; the app's error handler answers it 400 (its `status`). */
export class JsonTooDeepError extends Error {
  readonly status = 400;
  constructor() {
    super("The request body nests arrays and objects too deep.");
    this.name = "JsonTooDeepError";
  }
}

/**
 * express.json with the REST interface's bounds: at most `limit` bytes, and no deeper nesting than
 * the engine accepts, checked on the raw bytes before anything parses them.
 */
export function jsonBody(limit: string): RequestHandler {
  return express.json({
    limit,
    verify: (_req, _res, raw) => {
      if (nestsDeeperThan(raw)) throw new JsonTooDeepError();
    },
  });
}
