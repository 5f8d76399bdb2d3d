import type { RawData } from "ws";
import type { z } from "zod";
import { nestsDeeperThan } from "../http/json-depth";

/** The WebSocket close code for a frame that breaks the agent protocol (RFC 6455: policy violation). */
export const POLICY_VIOLATION = 1008;

export type AgentFrame<T> = { ok: true; message: T } | { ok: false; reason: string };

/**
 * Reads one frame an agent sent, which may come from a rogue agent: its size is already bounded by
 * the endpoint's `maxPayload`; its nesting is checked before JSON.parse builds anything (so no
 * later walk of it recurses deeply); then it must match the protocol's schema. `reason` says what
 * was wrong in a few words, for the log and the close frame; it never quotes the frame.
 */
export function readAgentFrame<T>(data: RawData, schema: z.ZodType<T>): AgentFrame<T> {
  const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
  if (nestsDeeperThan(bytes)) return { ok: false, reason: "nested too deep" };
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString("utf8"));
  } catch {
    return { ok: false, reason: "not JSON" };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: printable(`not a protocol message: ${issue === undefined ? "invalid" : `${issue.path.join(".") || "(message)"}: ${issue.message}`}`) };
  }
  return { ok: true, message: parsed.data };
}

/** Text fit for a close frame, whose reason may have at most 123 bytes. */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, "?").slice(0, 120);
}
