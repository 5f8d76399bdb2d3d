import { isRecord, OBJECT_NAME_PATTERN, type ObjectBody } from "@baton/contract";
import { isTimeZone } from "./time-zone";

/** How one object refers to another. */
export type ReferenceKind = "workflow_task" | "schedule_task" | "agent" | "login" | "queue" | "calendar" | "prompt_set" | "time_zone" | "script" | "link" | "member";

/** A name an object body refers to, and where. */
export interface ObjectReference {
  /** Upper case, as objects are named. */
  name: string;
  kind: ReferenceKind;
  /** Path of the member in the body, e.g. `workflow_definitions[2].object_name`. */
  member: string;
  /** The calendar event, for calendar references that name one. */
  calendarEvent?: string;
}

/** Reads references of one kind from a body (`text`: its JSON, when the caller has it). */
type Extractor = (body: ObjectBody, text?: string) => ObjectReference[];

/** An extractor and the top-level member it reads: bodies without that member are not asked. */
interface Extraction {
  group: string;
  extract: Extractor;
}

const USER_NAME = /^[A-Z0-9._$@#-]{1,200}\/[A-Z0-9._$@#-]{1,200}$/;

/** A name as a reference, or undefined for values that cannot name an object (empty, `&VAR#`). */
function referenceName(value: unknown, pattern = OBJECT_NAME_PATTERN): string | undefined {
  if (typeof value !== "string") return undefined;
  const name = value.trim().toUpperCase();
  return pattern.test(name) ? name : undefined;
}

function eventOf(value: unknown): { calendarEvent?: string } {
  const event = referenceName(value);
  return event === undefined ? {} : { calendarEvent: event };
}

/** `group.member` of a body names an object (`eventMember` beside it names a calendar event). */
function attribute(group: string, member: string, kind: ReferenceKind, eventMember?: string): Extraction {
  const extract: Extractor = (body) => {
    const attributes = body[group];
    if (!isRecord(attributes)) return [];
    const name = referenceName(attributes[member]);
    if (name === undefined || (kind === "time_zone" && isTimeZone(name))) return [];
    return [{ name, kind, member: `${group}.${member}`, ...(eventMember === undefined ? {} : eventOf(attributes[eventMember])) }];
  };
  return { group, extract };
}

/** `rows[i].member` of a body names an object; rows whose `skip` holds are not references. */
function rows(group: string, member: string, kind: ReferenceKind, eventMember?: string, skip: (row: Record<string, unknown>) => boolean = () => false): Extraction {
  const extract: Extractor = (body) => {
    const list = body[group];
    if (!Array.isArray(list)) return [];
    return list.flatMap((row: unknown, index): ObjectReference[] => {
      if (!isRecord(row) || skip(row)) return [];
      const name = referenceName(row[member]);
      if (name === undefined) return [];
      return [{ name, kind, member: `${group}[${index}].${member}`, ...(eventMember === undefined ? {} : eventOf(row[eventMember])) }];
    });
  };
  return { group, extract };
}

/** `<START>` and `<END>` are lines of a workflow, not objects. */
const isWorkflowMarker = (row: Record<string, unknown>) => String(row["object_type"] ?? "").startsWith("<");

/** Prompt sets listed as names or as `{"name": ...}` entries. */
const promptSets: Extractor = (body) => {
  const list = body["prompt_set_list"];
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown, index): ObjectReference[] => {
    const name = referenceName(isRecord(entry) ? (entry["name"] ?? entry["object_name"] ?? entry["prpt"]) : entry);
    return name === undefined ? [] : [{ name, kind: "prompt_set", member: `prompt_set_list[${index}]` }];
  });
};

/** Members of a user group: `[{"name": "NAME/DEPT"}]` or plain strings. */
const groupMembers: Extractor = (body) => {
  const list = body["members"];
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown, index): ObjectReference[] => {
    const name = referenceName(isRecord(entry) ? entry["name"] : entry, USER_NAME);
    return name === undefined ? [] : [{ name, kind: "member", member: `members[${index}]` }];
  });
};

/**
 * Objects script lines name literally: ACTIVATE_UC_OBJECT(X...), GET_VAR(X...),
 * PREP_PROCESS_VAR(X...) and :PUT_VAR X, ... Names built from variables at run time are not seen.
 */
const SCRIPT_CALLS = "ACTIVATE_UC_OBJECT|GET_VAR|PREP_PROCESS_VAR";
const SCRIPT_REFERENCE = new RegExp(`\\b(?:${SCRIPT_CALLS})\\s*\\(\\s*["']?([A-Za-z0-9._$@#-]+)["']?\\s*[,)]|^\\s*:\\s*PUT_VAR\\s+["']?([A-Za-z0-9._$@#-]+)`, "gi");
/** Lines without one of the words name nothing, and skip the full pattern. */
const SCRIPT_REFERENCE_WORD = new RegExp(`${SCRIPT_CALLS}|PUT_VAR`, "i");

const scriptLines: Extractor = (body, text) => {
  const scripts = body["scripts"];
  // One test of the whole text spares testing line by line in bodies whose scripts name nothing.
  if (!Array.isArray(scripts) || (text !== undefined && !SCRIPT_REFERENCE_WORD.test(text))) return [];
  const references: ObjectReference[] = [];
  scripts.forEach((entry: unknown, index) => {
    for (const [page, lines] of Object.entries(isRecord(entry) ? entry : {})) {
      if (!Array.isArray(lines)) continue;
      lines.forEach((line: unknown, lineIndex) => {
        if (typeof line !== "string" || !SCRIPT_REFERENCE_WORD.test(line)) return;
        for (const match of line.matchAll(SCRIPT_REFERENCE)) {
          const name = referenceName(match[1] ?? match[2]);
          if (name !== undefined) references.push({ name, kind: "script", member: `scripts[${index}].${page}[${lineIndex}]` });
        }
      });
    }
  });
  return references;
};

const EXTRACTORS: readonly Extraction[] = [
  attribute("general_attributes", "queue", "queue"),
  attribute("general_attributes", "time_zone", "time_zone"),
  attribute("job_attributes", "agent", "agent"),
  attribute("job_attributes", "login", "login"),
  attribute("event_attributes", "agent", "agent"),
  attribute("file_transfer_attributes", "source_agent", "agent"),
  attribute("file_transfer_attributes", "destination_agent", "agent"),
  attribute("file_transfer_attributes", "source_login", "login"),
  attribute("file_transfer_attributes", "destination_login", "login"),
  attribute("schedule_attributes", "timezone", "time_zone"),
  attribute("user_attributes", "login", "login"),
  attribute("user_attributes", "calendar", "calendar", "calendar_event"),
  attribute("link_attributes", "object_name", "link"),
  rows("workflow_definitions", "object_name", "workflow_task", undefined, isWorkflowMarker),
  rows("schedule_definitions", "object_name", "schedule_task"),
  rows("schedule_definitions", "calendar", "calendar", "calendar_event"),
  rows("calendar_conditions", "calendar", "calendar", "calendar_event"),
  rows("calendars", "calendar", "calendar", "calendar_event"),
  rows("collision_definitions", "reference_calendar", "calendar", "reference_calendar_event"),
  { group: "prompt_set_list", extract: promptSets },
  { group: "members", extract: groupMembers },
  { group: "scripts", extract: scriptLines },
];

/**
 * Every object a body names: workflow and schedule tasks, agents (agent groups), logins, queues,
 * calendars with their events, prompt sets, TZ objects, link targets, group members and objects
 * its script lines name literally. `text`, the body's JSON when the caller holds it, makes bodies
 * whose scripts name nothing cheaper to read.
 */
export function objectReferences(body: ObjectBody, text?: string): ObjectReference[] {
  const references: ObjectReference[] = [];
  for (const { group, extract } of EXTRACTORS) {
    if (body[group] !== undefined) references.push(...extract(body, text));
  }
  return references;
}
