import type { IncomingMessage } from "node:http";
import { ErrorCode } from "@baton/contract";
import { BadRequestError, PayloadTooLargeError } from "../domain/errors";
import { nestsDeeperThan, tooDeepError } from "./json-depth";
import { parseWellFormedJson } from "./well-formed-json";

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Reads a request body up to `limit` bytes; a larger one is refused before it is buffered whole. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of bodyChunks(req, limit)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * The chunks of a request body as they arrive, up to `limit` bytes: a body declared larger is
 * refused before anything is read, one that grows larger as soon as it does (413).
 */
export async function* bodyChunks(req: IncomingMessage, limit: number): AsyncGenerator<Buffer> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) {
    req.resume();
    throw tooLarge(limit);
  }
  let size = 0;
  try {
    // Leaving the loop early must not destroy the request: the error still has to be answered.
    for await (const chunk of abortAware(req)) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      size += buffer.length;
      if (size > limit) throw tooLarge(limit);
      yield buffer;
    }
  } finally {
    // What is left unread (a refused or abandoned body) is drained, not buffered.
    if (!req.readableEnded) req.resume();
  }
}

/**
 * The client went away before its body arrived whole (it closed the connection mid-body): nobody is
 * left to answer, and nothing failed on this side, so the router logs it quietly and writes nothing.
 */
export class BodyAbortedError extends Error {
  constructor(cause: unknown) {
    super("The client closed the connection before the request body arrived whole.", { cause });
    this.name = "BodyAbortedError";
  }
}

/** The request's chunks; the stream's "aborted" error becomes a BodyAbortedError. */
async function* abortAware(req: IncomingMessage): AsyncGenerator<unknown> {
  try {
    yield* req.iterator({ destroyOnReturn: false });
  } catch (error) {
    if (req.readableAborted || (error instanceof Error && "code" in error && error.code === "ECONNRESET")) throw new BodyAbortedError(error);
    throw error;
  }
}

/**
 * Parses a JSON body; an empty or malformed one is a 400, and so is one nested deeper than
 * MAX_JSON_DEPTH: that is checked on the raw bytes first, so that no deep tree is ever built.
 */
export function parseJsonBody(raw: Buffer): unknown {
  const text = raw.toString("utf8").trim();
  if (text.length === 0) throw new BadRequestError(ErrorCode.MALFORMED_BODY, "Request body is missing.", "This request needs a JSON body.");
  if (nestsDeeperThan(raw)) throw tooDeepError();
  try {
    return parseWellFormedJson(text);
  } catch (error) {
    if (error instanceof BadRequestError) throw error;
    throw new BadRequestError(ErrorCode.MALFORMED_BODY, "Malformed JSON.", `The request body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function tooLarge(limit: number): PayloadTooLargeError {
  return new PayloadTooLargeError(ErrorCode.PAYLOAD_TOO_LARGE, "Request body too large.", `This request accepts at most ${limit} bytes.`);
}
