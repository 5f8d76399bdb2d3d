import { OBJECT_TYPES } from "@baton/contract";
import type { FilterKind } from "../api/search-url";

interface KindText {
  /** The name in the "Add filter" menu and on the row. */
  label: string;
  /** Under the field: what the value means and which wildcards work. */
  hint: string;
  /** The member of the filter that `text` is sent as; the server names it in its problems. */
  textField: string | null;
}

const PATTERN = "* and ? are wildcards";
const FULL_TEXT = 'Words or "phrases"; each must occur. * and ? inside words';
const VALUES = "Any of these; separate them with commas";

/** Words for each filter of the spec (docs/decisions.md, "Search"). */
export const KIND_TEXT: Readonly<Record<FilterKind, KindText>> = {
  object_name: { label: "Object name", hint: "A word matches anywhere in the name; with * or ? the whole name matches the pattern", textField: "object_name" },
  object_type: { label: "Object type", hint: "Any of these types", textField: "object_types" },
  location: { label: "Folder", hint: "A folder path such as \\PROD\\DAILY; \\ is the root", textField: "location" },
  title: { label: "Title", hint: FULL_TEXT, textField: "query" },
  process: { label: "Process text", hint: `${FULL_TEXT}; searches the process pages`, textField: "query" },
  documentation: { label: "Documentation", hint: `${FULL_TEXT}; keys and values of structured pages match too`, textField: "query" },
  agent: { label: "Agent", hint: `Agent of jobs; ${PATTERN}`, textField: "agent" },
  login: { label: "Login", hint: `Login object of jobs; ${PATTERN}`, textField: "login" },
  archive_key: { label: "Archive key", hint: `Archive key 1 or 2; ${PATTERN}; at most 32 characters`, textField: "archive_key" },
  variable_key: { label: "Variable key", hint: `Keys of static variables; ${PATTERN}`, textField: "variable_key" },
  variable_value: { label: "Variable value", hint: `Values of static variables; ${PATTERN}`, textField: "variable_value" },
  platform: { label: "Platform", hint: `${VALUES}, e.g. UNIX, WINDOWS`, textField: "platforms" },
  object_sub_type: { label: "Sub type", hint: VALUES, textField: "object_sub_types" },
  object_id: { label: "Object id", hint: "The id of a result", textField: "object_id" },
  client: { label: "Client 0 too", hint: "Adds the objects of client 0 to the results", textField: null },
  time_frame: { label: "Time frame", hint: "Bounds are inclusive; either may be left empty", textField: null },
  calendar_event: { label: "Calendar event", hint: `Calendars with an event of that name valid in the frame; ${PATTERN}`, textField: "calendar_event" },
  granularity: { label: "Granularity", hint: "Calendar events lists each event of the calendars found", textField: "granularity" },
};

/** The type key with its words ("JOBS · Job"): readable without knowing the keys. */
export function typeText(type: string): string {
  const words = Object.entries(OBJECT_TYPES).find(([key]) => key.toUpperCase() === type)?.[1];
  return words ? `${type} · ${words}` : type;
}
