import { isRecord } from "@baton/contract";
import type { AgentFile, ObjectBody } from "@baton/contract";

/** What every event has: checked every `intervalSeconds`, ends after `maxHits` hits (0 = until cancelled). */
interface EventTiming {
  intervalSeconds: number;
  maxHits: number;
}

/** A time event: each check runs the check page, which fires the event by setting &EVENT# to "FIRE". */
export interface TimeEvent extends EventTiming {
  type: "TIME";
}

/**
 * A file event: each check lists `filePath` (wildcards in the file name) on `agent`; a file fires
 * when it appears (a path not there at the previous check) or, with STABLE, once its size and
 * modification time stayed the same from one check to the next.
 */
export interface FileEvent extends EventTiming {
  type: "FILE";
  agent: string;
  filePath: string;
  condition: "APPEARS" | "STABLE";
}

export type EventDefinition = TimeEvent | FileEvent;

/** The variable a check page sets to "FIRE" when the event's condition holds. */
export const EVENT_VARIABLE = "&EVENT#";
/** Variables the process page of a file event sees for the file that fired it. */
export const EVENT_FILE_VARIABLE = "&EVENT_FILE#";
export const EVENT_FILE_SIZE_VARIABLE = "&EVENT_FILE_SIZE#";

/**
 * `event_attributes` {event_type TIME | FILE, interval_seconds, max_hits; for FILE also agent,
 * file_path, condition APPEARS | STABLE}; throws an Error naming what is wrong.
 */
export function readEvent(body: ObjectBody): EventDefinition {
  const attributes = isRecord(body["event_attributes"]) ? body["event_attributes"] : {};
  const type = String(attributes["event_type"] ?? "TIME").toUpperCase();
  const interval = Number(attributes["interval_seconds"] ?? 60);
  if (!Number.isInteger(interval) || interval < 1) throw new Error(`interval_seconds must be a whole number of seconds, at least 1 (${String(attributes["interval_seconds"])})`);
  const maxHits = Number(attributes["max_hits"] ?? 0);
  if (!Number.isInteger(maxHits) || maxHits < 0) throw new Error(`max_hits must be 0 or more (${String(attributes["max_hits"])})`);
  const timing = { intervalSeconds: interval, maxHits };
  if (type === "TIME") return { type, ...timing };
  if (type !== "FILE") throw new Error(`event_type '${type}' is not available (TIME, FILE)`);
  const agent = String(attributes["agent"] ?? "").trim().toUpperCase();
  if (agent === "") throw new Error("a FILE event needs the agent that checks for the file");
  const filePath = String(attributes["file_path"] ?? "").trim();
  if (!filePath.startsWith("/")) throw new Error(`file_path must be an absolute path, wildcards allowed in the file name (${filePath === "" ? "missing" : filePath})`);
  const condition = String(attributes["condition"] ?? "APPEARS").toUpperCase();
  if (condition !== "APPEARS" && condition !== "STABLE") throw new Error(`condition must be APPEARS or STABLE (${condition})`);
  return { type, ...timing, agent, filePath, condition };
}

/** A file as the previous check of a file event saw it. */
export interface SeenFile {
  path: string;
  size: number;
  modifiedMs: number;
  /** Whether this file, as it is now, has fired the event. */
  fired: boolean;
}

/**
 * One check of a file event: which of the listed files fire, and what to remember for the next
 * check. APPEARS fires a path not seen at the previous check (a file removed and created again
 * fires again); STABLE fires a file whose size and modification time match the previous check,
 * once per version of the file.
 */
export function fileEventCheck(condition: FileEvent["condition"], previous: readonly SeenFile[], files: readonly AgentFile[]): { fire: AgentFile[]; seen: SeenFile[] } {
  const before = new Map(previous.map((f) => [f.path, f]));
  const fire: AgentFile[] = [];
  const seen: SeenFile[] = [];
  for (const file of files) {
    const last = before.get(file.path);
    const unchanged = last !== undefined && last.size === file.size && last.modifiedMs === file.modified_ms;
    const fires = condition === "APPEARS" ? last === undefined : unchanged && !last.fired;
    if (fires) fire.push(file);
    const fired = condition === "APPEARS" ? true : fires || (unchanged && last.fired);
    seen.push({ path: file.path, size: file.size, modifiedMs: file.modified_ms, fired });
  }
  return { fire, seen };
}
