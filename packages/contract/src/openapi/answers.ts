import type { z } from "zod";

/** One documented answer of an operation: its status, and the body it carries if any. */
export interface Answer<R = unknown> {
  status: number;
  description: string;
  /** The body's media type and, for JSON, its schema; absent for an empty answer. */
  content?: { type: string; schema?: z.ZodType<R> };
}

/** A JSON answer whose body is `schema` (200 unless `status` says otherwise). */
export function jsonAnswer<R>(schema: z.ZodType<R>, description: string, status = 200): Answer<R> {
  return { status, description, content: { type: "application/json", schema } };
}

/** An answer without a body. */
export function emptyAnswer(description: string, status = 200): Answer<void> {
  return { status, description };
}

/** A file answer: a binary download or a text document, e.g. `application/octet-stream` or `text/plain`. */
export function fileAnswer(type: string, description: string, status = 200): Answer<never> {
  return { status, description, content: { type } };
}
