import type { IncomingMessage } from "node:http";
import { ErrorCode } from "@baton/contract";
import { BadRequestError, PayloadTooLargeError } from "../domain/errors";

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Reads a request body up to `limit` bytes; a larger one is refused before it is buffered whole. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) {
    req.resume();
    throw tooLarge(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > limit) {
      req.resume();
      throw tooLarge(limit);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Parses a JSON body; an empty or malformed one is a 400. */
export function parseJsonBody(raw: Buffer): unknown {
  const text = raw.toString("utf8").trim();
  if (text.length === 0) throw new BadRequestError(ErrorCode.MALFORMED_BODY, "Request body is missing.", "This request needs a JSON body.");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BadRequestError(ErrorCode.MALFORMED_BODY, "Malformed JSON.", `The request body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function tooLarge(limit: number): PayloadTooLargeError {
  return new PayloadTooLargeError(ErrorCode.PAYLOAD_TOO_LARGE, "Request body too large.", `This request accepts at most ${limit} bytes.`);
}
