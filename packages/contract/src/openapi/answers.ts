import { z } from "zod";

/**
 * The empty JSON object `{}`: the body of a success that has nothing to report. Every 200 and 201
 * carries a JSON body, because the interface's clients parse every answer as JSON (generated
 * clients call `.json()`; docs/decisions.md, Vendor wire behaviour).
 */
export const OutEmpty = z.object({}).strict().describe("Nothing to report: the empty JSON object {}.");

/** One documented answer of an operation: its status, and the body it carries. */
export interface Answer<R = unknown> {
  status: number;
  description: string;
  /** The body's media type and, for JSON, its schema (OutEmpty for a handler that returns nothing). */
  content?: { type: string; schema?: z.ZodType<R> | typeof OutEmpty };
}

/** A JSON answer whose body is `schema` (200 unless `status` says otherwise). */
export function jsonAnswer<R>(schema: z.ZodType<R>, description: string, status = 200): Answer<R> {
  return { status, description, content: { type: "application/json", schema } };
}

/** A success whose body is the empty JSON object `{}` (there is no 204 in the interface). */
export function emptyAnswer(description: string, status: 200 | 201 = 200): Answer<void> {
  return { status, description, content: { type: "application/json", schema: OutEmpty } };
}

/** A file answer: a binary download or a text document, e.g. `application/octet-stream` or `text/plain`. */
export function fileAnswer(type: string, description: string, status = 200): Answer<never> {
  return { status, description, content: { type } };
}
