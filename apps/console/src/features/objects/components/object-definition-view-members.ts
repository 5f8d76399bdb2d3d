import { isRecord, readWorkflowGraph, type ExpectedState, type ObjectBody } from "@baton/contract";
import { isExecutable } from "../api/object-file";
import { fieldsOf, genericSection, humanize, tableOf, type DefinitionSection, type FieldSpec } from "./object-definition-view-fields";

/**
 * How each member of the export format reads on the object page, with the labels an operator of
 * the vendor's AWI knows (docs/object-format.md lists what the members mean). A member missing
 * here is shown by genericSection under its own name.
 */
export type MemberView = (value: unknown, body: ObjectBody, type: string) => DefinitionSection[];

/** Shown after the type's own members. */
export const TRAILING_MEMBERS: readonly string[] = ["documentation", "metadata"];

const fields =
  (title: string, specs: readonly FieldSpec[], skip: readonly string[] = []): MemberView =>
  (value) =>
    isRecord(value) ? [{ kind: "fields", title, fields: fieldsOf(value, specs, skip) }] : [genericSection(title, value)];

const table =
  (title: string, specs: readonly FieldSpec[]): MemberView =>
  (value) =>
    Array.isArray(value) ? [tableOf(title, value, specs)] : [genericSection(title, value)];

const GENERAL: readonly FieldSpec[] = [
  { key: "title", label: "Title" },
  { key: "description", label: "Description" },
  { key: "sub_type", label: "Sub-type" },
  { key: "platform", label: "Platform" },
  { key: "queue", label: "Queue", object: true },
  { key: "max_parallel_action", label: "Max. parallel runs" },
  { key: "mrt_time", label: "Maximum runtime", format: "seconds" },
  { key: "ert_method", label: "ERT method" },
  { key: "ert_fixed", label: "Fixed ERT", format: "seconds" },
  { key: "time_zone", label: "Time zone" },
  { key: "archive_key1", label: "Archive key 1" },
  { key: "archive_key2", label: "Archive key 2" },
  { key: "auto_deactivation", label: "Auto deactivation" },
];

/** Every executable object runs in a queue; CLIENT_QUEUE when it names none. */
const generalAttributes: MemberView = (value, _body, type) => {
  const specs = isExecutable(type) ? GENERAL.map((spec) => (spec.key === "queue" ? { ...spec, absent: "CLIENT_QUEUE (default)" } : spec)) : GENERAL;
  return fields("General attributes", specs, ["name", "type"])(value, _body, type);
};

const PAGE_TITLES: Readonly<Record<string, string>> = {
  pre_process: "Pre-process",
  process: "Process",
  post_process: "Post-process",
  child_post_process: "Child post-process",
};

/** `scripts: [{"process": [lines]}, ...]`: one script section per page, in the definition's order. A null line is an empty one. */
const scripts: MemberView = (value) => {
  if (!Array.isArray(value) || !value.every((page) => isRecord(page) && Object.values(page).every(Array.isArray))) return [genericSection("Scripts", value)];
  return value.flatMap((page: Record<string, unknown[]>) =>
    Object.entries(page).map(([name, lines]): DefinitionSection => ({
      kind: "script",
      title: PAGE_TITLES[name] ?? humanize(name),
      text: lines.map((line) => (line === null || line === undefined ? "" : String(line))).join("\n"),
    })),
  );
};

/** What a workflow edge expects of its predecessor, in words (the graph's edge labels too); nothing for the usual ANY_OK. */
export const EXPECTED_WORDS: Readonly<Record<ExpectedState, string | undefined>> = { ANY_OK: undefined, ANY_ABEND: "on abend", ANY_STATUS: "on any end" };

/** The tasks of a workflow (not <START>/<END>) with their predecessors in words, read as the engine reads them. */
const workflowTasks: MemberView = (value, body) => {
  let graph;
  try {
    graph = readWorkflowGraph(body);
  } catch {
    return [genericSection("Tasks", value)];
  }
  const { startLine, endLine } = graph;
  const rows = graph.tasks
    .filter((task) => task.line !== startLine && task.line !== endLine)
    .map((task) => [
      String(task.line),
      task.objectName,
      task.objectType,
      graph.edges
        .filter((edge) => edge.to === task.line)
        .map((edge) => [edge.from === startLine ? "START" : String(edge.from), EXPECTED_WORDS[edge.expected]].filter(Boolean).join(" "))
        .join(", ") || "—",
      task.active ? "Yes" : "No",
    ]);
  return [{ kind: "table", title: "Tasks", columns: [{ label: "Line" }, { label: "Object", objects: true }, { label: "Type" }, { label: "After" }, { label: "Active" }], rows }];
};

/** Read into the tasks' "After" column when the workflow can be read. */
const lineConditions: MemberView = (value, body) => {
  try {
    readWorkflowGraph(body);
    return [];
  } catch {
    return [genericSection("Line conditions", value)];
  }
};

/** The days a calendar keyword selects, per year: `calendar_definitions` hold 372 characters a year, "1" selects a day. */
function selectedDays(body: ObjectBody, line: unknown): string {
  const definitions = Array.isArray(body.calendar_definitions) ? body.calendar_definitions.filter(isRecord) : [];
  const years = definitions
    .filter((d) => String(d.event_line_number) === String(line) && typeof d.content === "string")
    .map((d) => `${String(d.year)}: ${[...String(d.content)].filter((c) => c === "1").length}`);
  return years.join(", ");
}

/** Calendar keywords with the days each selects; the 372-character year strings are read, not shown. */
const calendarKeywords: MemberView = (value, body) => {
  if (!Array.isArray(value)) return [genericSection("Calendar keywords", value)];
  const rows = value.map((event) => (isRecord(event) ? { ...event, days_selected: selectedDays(body, event.line_number) } : event));
  return [
    tableOf("Calendar keywords", rows, [
      { key: "line_number", label: "Line" },
      { key: "name", label: "Keyword" },
      { key: "type", label: "Type" },
      { key: "valid_from", label: "Valid from" },
      { key: "valid_to", label: "Valid to" },
      { key: "days_selected", label: "Days selected (per year)" },
    ]),
  ];
};

const calendarDefinitions: MemberView = (value, body) => (Array.isArray(body.events) ? [] : [genericSection("Calendar definitions", value)]);

/** USRG members are `{name}` entries or plain names. */
const groupMembers: MemberView = (value) =>
  Array.isArray(value) ? [tableOf("Members", value.map((m) => (typeof m === "string" ? { name: m } : m)), [{ key: "name", label: "User", object: true }])] : [genericSection("Members", value)];

export const MEMBER_VIEWS: Readonly<Record<string, MemberView>> = {
  general_attributes: generalAttributes,
  job_attributes: fields("Job attributes", [
    { key: "agent", label: "Agent", absent: "—" },
    { key: "login", label: "Login", object: true, absent: "—" },
    { key: "platform", label: "Platform" },
    { key: "unix_shell", label: "Shell", absent: "sh (default)" },
    { key: "priority", label: "Priority" },
  ]),
  scripts,
  object_variables: table("Object variables", [
    { key: "name", label: "Name" },
    { key: "value", label: "Value" },
  ]),
  prompt_set_list: table("Prompt sets", [{ key: "name", label: "Prompt set", object: true }]),
  workflow_attributes: fields("Workflow attributes", []),
  workflow_definitions: workflowTasks,
  line_conditions: lineConditions,
  schedule_attributes: fields("Schedule attributes", [
    { key: "timezone", label: "Time zone", absent: "UTC (default)" },
    { key: "catch_up", label: "Missed slots", absent: "once (default)" },
    { key: "catch_up_tolerance_seconds", label: "Late start allowed", format: "seconds" },
  ]),
  schedule_definitions: table("Schedule tasks", [
    { key: "line_number", label: "Line" },
    { key: "object_name", label: "Object", object: true },
    { key: "start_time", label: "Start time" },
    { key: "calendar", label: "Calendar", object: true },
    { key: "calendar_event", label: "Calendar keyword" },
    { key: "active", label: "Active", format: "flag", absent: "Yes" },
  ]),
  events: calendarKeywords,
  calendar_definitions: calendarDefinitions,
  group_definitions: table("Group keywords", [
    { key: "event_line_number", label: "Keyword line" },
    { key: "calendar", label: "Calendar", object: true },
    { key: "calendar_event", label: "Calendar keyword" },
  ]),
  variable_definitions: fields("Variable", [
    { key: "type", label: "Kind", absent: "STATIC (default)" },
    { key: "data_type", label: "Data type" },
    { key: "column_count", label: "Value columns" },
  ]),
  static_values: table("Values", [
    { key: "key", label: "Key" },
    ...[1, 2, 3, 4, 5].map((n) => ({ key: `value${n}`, label: `Value ${n}` })),
  ]),
  prompt_elements: table("Prompt elements", [
    { key: "name", label: "Input" },
    { key: "type", label: "Type" },
    { key: "default", label: "Default" },
    { key: "required", label: "Required", format: "flag" },
    { key: "allowed_values", label: "Allowed values" },
    { key: "max_length", label: "Max. length" },
    { key: "mask", label: "Mask" },
    { key: "allow_shell_characters", label: "Shell characters allowed", format: "flag" },
  ]),
  event_attributes: fields("Event attributes", [
    { key: "event_type", label: "Event type", absent: "TIME (default)" },
    { key: "agent", label: "Agent" },
    { key: "file_path", label: "File path" },
    { key: "condition", label: "Condition" },
    { key: "interval_seconds", label: "Checked every", format: "seconds" },
    { key: "max_hits", label: "Ends after hits" },
  ]),
  file_transfer_attributes: fields("File transfer", [
    { key: "source_agent", label: "Source agent" },
    { key: "source_login", label: "Source login", object: true },
    { key: "source_path", label: "Source path" },
    { key: "destination_agent", label: "Destination agent" },
    { key: "destination_login", label: "Destination login", object: true },
    { key: "destination_path", label: "Destination path" },
    { key: "overwrite", label: "Overwrite", format: "flag" },
  ]),
  notification_content: fields("Message", [
    { key: "subject", label: "Subject" },
    { key: "message", label: "Message" },
  ]),
  notification_attributes: fields("Notification", [
    { key: "priority", label: "Priority", absent: "MEDIUM (default)" },
    { key: "ack_required", label: "Acknowledgement required", format: "flag" },
    { key: "webhook_url", label: "Webhook" },
  ]),
  login_definitions: table("Logins", [
    { key: "agent", label: "Agent" },
    { key: "user", label: "OS user" },
  ]),
  queue_attributes: fields("Queue", [{ key: "max_slots", label: "Slots", absent: "unlimited" }]),
  time_zone_attributes: fields("Time zone", [
    { key: "iana_name", label: "IANA zone" },
    { key: "utc_offset", label: "UTC offset" },
  ]),
  user_attributes: fields(
    "User",
    [
      { key: "is_active", label: "Active", format: "flag", absent: "Yes" },
      { key: "is_locked", label: "Locked", format: "flag", absent: "No" },
      { key: "valid_from", label: "Valid from" },
      { key: "valid_to", label: "Valid to" },
    ],
    ["password"],
  ),
  authorizations: table("Authorizations", [
    { key: "filter_object_type", label: "Object type" },
    { key: "filter_object_name", label: "Object name" },
    { key: "bitcode", label: "Rights" },
    { key: "auth_group", label: "Group" },
  ]),
  members: groupMembers,
  link_attributes: fields("Link", [
    { key: "object_name", label: "Object", object: true },
    { key: "object_type", label: "Type" },
  ]),
};
