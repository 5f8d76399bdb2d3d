import { useMutation } from "@tanstack/react-query";
import { CSRF_HEADER, OutError, OutValidationError } from "@baton/contract";
import { NetworkError } from "../../../lib/api-client";
import type { HttpMethod } from "./openapi-document";

export interface TryRequest {
  method: HttpMethod;
  /** Under /api, with the path and query filled in (path-template.ts). */
  url: string;
  /** The request body as typed (JSON text), sent as `application/json`. */
  body?: string;
  csrfToken: string;
}

export type AnswerBody = { kind: "empty" } | { kind: "json"; text: string } | { kind: "text"; text: string } | { kind: "binary"; size: number };

/** What the server answered, whatever the status: a 400 or 404 is an answer to show, not a failure. */
export interface TryAnswer {
  method: string;
  url: string;
  status: number;
  contentType: string;
  durationMs: number;
  body: AnswerBody;
}

const TEXTUAL = /^(text\/|application\/(.+\+)?(json|xml|javascript|x-ndjson|problem\+json|yaml|x-yaml))/i;

/** An answer's bytes as pretty JSON, text, or (for archives, packages) only their size. */
export function readAnswerBody(contentType: string, bytes: Uint8Array): AnswerBody {
  if (bytes.length === 0) return { kind: "empty" };
  const textual = TEXTUAL.test(contentType.trim());
  if (!textual && contentType.trim() !== "") return { kind: "binary", size: bytes.length };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { kind: "binary", size: bytes.length };
  }
  if (/json/i.test(contentType) || contentType.trim() === "") {
    try {
      const value: unknown = JSON.parse(text);
      return { kind: "json", text: JSON.stringify(value, null, 2) };
    } catch {
      return { kind: "text", text };
    }
  }
  return { kind: "text", text };
}

/**
 * The problems an error answer names, one line each: "run_id: run_id must be a number" for each
 * OutValidationError, "message — details" for an OutError. Empty for other answers.
 */
export function answerProblems(answer: TryAnswer): string[] {
  if (answer.status < 400 || answer.body.kind !== "json") return [];
  let value: unknown;
  try {
    value = JSON.parse(answer.body.text);
  } catch {
    return [];
  }
  const lines: string[] = [];
  for (const entry of Array.isArray(value) ? value : [value]) {
    const validation = OutValidationError.safeParse(entry);
    if (validation.success) {
      const { path, error } = validation.data;
      lines.push(path ? `${path}: ${error}` : error);
      continue;
    }
    const outError = OutError.safeParse(entry);
    if (outError.success) lines.push([outError.data.error, outError.data.details].filter(Boolean).join(" — "));
  }
  return lines;
}

const SAFE_METHODS: ReadonlySet<HttpMethod> = new Set(["get", "head", "options"]);

/**
 * Sends the request through the BFF (which adds the session's credentials) and reads the answer,
 * whatever its status. Throws NetworkError when there is no answer, and AbortError when cancelled.
 */
export async function sendOperation(request: TryRequest, signal?: AbortSignal, clock: () => number = () => performance.now()): Promise<TryAnswer> {
  const method = request.method.toUpperCase();
  const headers: Record<string, string> = { accept: "application/json, text/plain, */*" };
  if (request.body !== undefined) headers["content-type"] = "application/json";
  if (!SAFE_METHODS.has(request.method)) headers[CSRF_HEADER] = request.csrfToken;
  const started = clock();
  let response: Response;
  let bytes: Uint8Array;
  try {
    response = await fetch(request.url, { method, headers, body: request.body, credentials: "same-origin", signal });
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new NetworkError(method, request.url, cause);
  }
  const contentType = response.headers.get("content-type") ?? "";
  return { method, url: request.url, status: response.status, contentType, durationMs: clock() - started, body: readAnswerBody(contentType, bytes) };
}

/** "Try it": one request at a time; `signal` lets the page cancel a long one. */
export function useSendOperation() {
  return useMutation({
    mutationFn: ({ request, signal }: { request: TryRequest; signal: AbortSignal }) => sendOperation(request, signal),
  });
}
