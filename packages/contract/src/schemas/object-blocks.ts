import { z } from "zod";

/*
 * The building blocks of object definitions with the limits the interface spec gives them.
 * They only check: an object is stored as it was sent, so nothing here transforms a value.
 * Numbers and flags arrive as JSON numbers or as strings ("1", "0"), as exports write them; text
 * members may be null where an exporter left them empty. Every object keeps unknown members.
 */

const INT32_MAX = 2147483647;

/** The message of a member that is missing or has the wrong JSON type. */
function missingOr(message: string) {
  return (issue: { input: unknown }) => (issue.input === undefined ? "is required" : message);
}

/** Text of at most `max` characters; absent or null allowed. */
export function text(max: number) {
  return z.string({ error: "must be a string" }).max(max, { error: `must be at most ${max} characters` }).nullish();
}

/** Text without a length limit; absent or null allowed. */
export const anyText = z.string({ error: "must be a string" }).nullish();

/** A number (JSON number or numeric string); absent or null allowed. */
export const numeric = z.union([z.number(), z.string().regex(/^\s*[+-]?\d+(\.\d+)?\s*$/)], { error: "must be a number" }).nullish();

/** Text of at most `max` characters that must be present. */
export function requiredText(max: number) {
  return z.string({ error: missingOr("must be a string") }).max(max, { error: `must be at most ${max} characters` });
}

function asWholeNumber(value: number | string): number {
  if (typeof value === "number") return value;
  return /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : Number.NaN;
}

/** A whole number from `min` to `max`, as a JSON number or a string of digits; required. */
export function requiredWholeNumber(min: number, max = INT32_MAX) {
  const message = max === INT32_MAX ? `must be a whole number, at least ${min}` : `must be a whole number from ${min} to ${max}`;
  return z
    .union([z.number(), z.string()], { error: missingOr(message) })
    .refine((value) => {
      const n = asWholeNumber(value);
      return Number.isInteger(n) && n >= min && n <= max;
    }, { error: message });
}

/** A whole number from `min` to `max`; absent or null allowed. */
export function wholeNumber(min: number, max = INT32_MAX) {
  return requiredWholeNumber(min, max).nullish();
}

/** An int32 of any sign. */
export const int32 = wholeNumber(-2147483648);

/** A flag 0 or 1 (also "0"/"1" and true/false). */
export const bit = z.union([z.literal([0, 1, "0", "1"]), z.boolean()], { error: "must be 0 or 1" }).nullish();

/** One of fixed values, exactly as written; required unless `.nullish()` is added. */
export function oneOf<const T extends readonly [string | number, ...(string | number)[]]>(values: T) {
  return z.literal(values, { error: missingOr(`must be one of ${values.map((v) => JSON.stringify(v)).join(", ")}`) });
}

/** When in a workflow a condition is checked: 1 pre, 2 post, 3 workflow. */
const executionTime = oneOf([1, 2, 3, "1", "2", "3"]);

/** A line of a script page. */
const ScriptLines = z.array(z.string({ error: "must be a line of text (a string)" }), { error: "must be an array of lines (strings)" });

/**
 * A `scripts` member: an array of page objects such as `{"process": [lines]}`, each page one of
 * `pages` (ScriptsOfJob, ScriptsOfEvent, ScriptsProcessOnly, ScriptsWithPost in the spec).
 */
export function scriptPages(pages: readonly string[]) {
  const shape = Object.fromEntries(pages.map((page) => [page, ScriptLines.optional()]));
  return z.array(
    z.strictObject(shape, {
      error: (issue) =>
        issue.code === "unrecognized_keys" ? `is not a script page of this type (${pages.join(", ")})` : 'must be an object such as {"process": [lines]}',
    }),
    { error: "must be an array of script pages" },
  );
}

export const ScriptsOfJob = scriptPages(["pre_process", "process", "post_process", "child_post_process"]);
export const ScriptsOfEvent = scriptPages(["pre_process", "process"]);
export const ScriptsProcessOnly = scriptPages(["process"]);
export const ScriptsWithPost = scriptPages(["process", "post_process"]);

/** An array of entries of one building block. */
function entries<T extends z.ZodType>(entry: T) {
  return z.array(entry, { error: "must be an array" }).nullish();
}

/** `documentation`: names mapped to arrays of lines (XML names with `@` written as `_`), or a list of such maps. */
const DocumentationMap = z.record(z.string(), z.union([z.array(z.string()), z.string()], { error: "must be an array of lines (strings)" }));
export const Documentation = z.union([DocumentationMap, z.array(DocumentationMap)], { error: "must map documentation names to arrays of lines" }).nullish();

export const CustomAttribute = z.looseObject({ name: requiredText(32), value: requiredText(200) });

export const UserAttributes = z.looseObject({
  first_name: text(20),
  last_name: text(20),
  is_active: bit,
  show_sys_messages: bit,
  modify_objects: bit,
  is_ldap_user: bit,
  is_locked: bit,
  ignore_sso: bit,
  last_session: anyText,
  filter: text(255),
  multi_logons: wholeNumber(0),
  eh_refresh_interval: wholeNumber(0),
  valid_from: anyText,
  valid_to: anyText,
  calendar: text(200),
  calendar_event: text(200),
  home_folder: text(200),
  login: text(200),
  privilege: numeric,
  email1: text(50),
  email2: text(50),
  ldap_uid: text(255),
  distinguished_name: text(1024),
  usr_type: text(8),
});

/** A user or group authorization entry; auth_group 0 is a prohibition. */
export const UserAuthorization = z.looseObject({
  filter_type: text(8),
  filter_object_type: text(8),
  filter_object_name: text(255),
  filter_agent_name1: text(200),
  filter_agent_name2: text(200),
  filter_user_id1: text(200),
  filter_user_id2: text(200),
  filter_file_names1: text(255),
  filter_file_names2: text(255),
  bitcode: int32,
  auth_group: bit,
});

export const AgentGroupAttributes = z.looseObject({
  platform: requiredText(8),
  mode: oneOf(["A", "F", "N", "L", "X"]),
  max_parallel: wholeNumber(-1, 9999),
  enforce_on_inactive: bit,
  ra_solution: text(200),
});

export const AgentGroupFilter = z.looseObject({
  type: oneOf(["H", "F"]),
  agent: text(32),
  version: text(270),
  hardware: text(32),
  software: text(32),
  software_version: text(32),
  archive_key1: text(60),
  archive_key2: text(20),
  role: text(256),
});

export const AgentAuthorization = z.looseObject({ client: requiredWholeNumber(0, 9999), read: bit, write: bit, execute: bit });

/** Client allocation of an agent (HSTA `authorizations`). */
export const ClientAllocation = z.looseObject({ client: requiredWholeNumber(0, 9999), use: bit, read: bit, write: bit, execute: bit });

export const AgentAuthorizationFilter = z.looseObject({
  host: text(200),
  platform: text(8),
  version: text(12),
  hardware: text(32),
  software: text(32),
  software_version: text(32),
  roles: text(256),
  tcpip_address: text(64),
  license_category: text(32),
  is_excluded: bit,
});

/** SYNC `action_definitions`. */
export const ActionDefinition = z.looseObject({
  action: requiredText(30),
  check_status: text(30),
  check_operator: oneOf(["<", "<=", "=", ">=", ">", "<>"]).nullish(),
  check_value: int32,
  set_status: text(30),
  set_operator: oneOf(["+", "-", "=", "", " "]).nullish(),
  set_value: int32,
});

export const ArrayElement = z.looseObject({ element: requiredText(32), line_number: requiredWholeNumber(1) });
export const BackendTab = z.looseObject({ name: requiredText(200), platform: requiredText(8) });
export const Beneficiary = z.looseObject({ custom_attribute_name: requiredText(32), custom_attribute_value: requiredText(200) });
export const BindParameter = z.looseObject({ datatype: text(2), variable: text(32) });
export const CalendarCondition = z.looseObject({ workflow_line_number: requiredWholeNumber(1), calendar: requiredText(200), calendar_event: requiredText(200) });

/** One year of one calendar event: a character per day, 31 per month; "1" selects, "0" or blank does not. */
export const CalendarDefinition = z.looseObject({
  event_line_number: requiredWholeNumber(1),
  year: requiredWholeNumber(0),
  content: requiredText(372).regex(/^[01 ]*$/, { error: "must hold one character per day: 1 (selected), 0 or blank" }),
});

/** A calendar and event an object uses (PERIOD `calendars`). */
export const CalendarUse = z.looseObject({ calendar: requiredText(200), calendar_event: requiredText(200) });

export const CollisionDefinition = z.looseObject({
  event_line_number: requiredWholeNumber(1),
  name: requiredText(200),
  event: requiredText(200),
  operator: oneOf(["+", "-", "S"]).nullish(),
  offset: wholeNumber(0),
  reference_calendar: text(200),
  reference_calendar_event: text(200),
});

export const Command = z.looseObject({
  backend_tab_number: requiredWholeNumber(1),
  operating_system: text(200),
  version: text(32),
  command: text(1024),
  column_descriptions: text(1024),
});

export const ConditionParameter = z.looseObject({
  workflow_line_number: requiredWholeNumber(1),
  execution_time: executionTime,
  condition_line_number: requiredWholeNumber(1),
  condition_variable_name: requiredText(32),
  prompt_set_variable: requiredText(32),
  alternative_view: bit,
});

export const ConditionValue = z.looseObject({
  workflow_line_number: requiredWholeNumber(1),
  execution_time: executionTime,
  condition_link_line_number: requiredWholeNumber(1),
  variable: requiredText(32),
  type: oneOf(["V", "S"]).nullish(),
  alternative_view: bit,
});

export const Condition = z.looseObject({
  workflow_line_number: wholeNumber(1),
  execution_time: executionTime.nullish(),
  name: text(32),
  type: oneOf(["C", "A", "E", "F"]).nullish(),
  active: bit,
  occurrence: bit,
});

/** A prompt-set element. */
export const Element = z.looseObject({
  name: requiredText(32),
  line_number: requiredWholeNumber(1),
  reference_type: text(8),
  has_list: bit,
  output_format: text(32),
  min_value: text(64),
});

export const ConnectionAttributes = z.looseObject({ platform: requiredText(8), job_type: text(200), sub_type: text(200) });

const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;
const CodeTableContent = z.string({ error: "must be a string" }).max(1024, { error: "must be at most 1024 characters" }).regex(BASE64, { error: "must be Base64" });

/** CODE `code_table`: Base64 content of at most 1024 characters, bare or as `{"content": ...}`. */
export const CodeTable = z.union([CodeTableContent, z.looseObject({ content: CodeTableContent.nullish() })], { error: "must be Base64 content (at most 1024 characters)" }).nullish();

/** Members several types share; each is checked wherever it appears. */
export const SHARED_MEMBERS = {
  documentation: Documentation,
  custom_attributes: entries(CustomAttribute),
  action_definitions: entries(ActionDefinition),
  array_elements: entries(ArrayElement),
  backend_tabs: entries(BackendTab),
  beneficiaries: entries(Beneficiary),
  bind_parameters: entries(BindParameter),
  calendar_conditions: entries(CalendarCondition),
  calendars: entries(CalendarUse),
  commands: entries(Command),
  condition_parameters: entries(ConditionParameter),
  condition_values: entries(ConditionValue),
  conditions: entries(Condition),
  elements: entries(Element),
};

/** Members of one type beyond the shared ones. */
export const TYPE_MEMBERS = {
  cale: { calendar_definitions: entries(CalendarDefinition), collision_definitions: entries(CollisionDefinition) },
  call: { scripts: ScriptsProcessOnly.nullish() },
  code: { code_table: CodeTable },
  conn: { connection_attributes: ConnectionAttributes.nullish() },
  evnt: { scripts: ScriptsOfEvent.nullish() },
  hostg: { agent_group_attributes: AgentGroupAttributes.nullish(), agent_group_filters: entries(AgentGroupFilter), agent_authorizations: entries(AgentAuthorization) },
  hsta: { agent_authorizations: entries(AgentAuthorization), agent_authorization_filters: entries(AgentAuthorizationFilter), authorizations: entries(ClientAllocation) },
  jobf: { scripts: ScriptsOfJob.nullish() },
  jobg: { scripts: ScriptsOfJob.nullish() },
  jobi: { scripts: ScriptsProcessOnly.nullish() },
  jobp: { scripts: ScriptsWithPost.nullish() },
  jobq: { scripts: ScriptsOfJob.nullish() },
  jobs: { scripts: ScriptsOfJob.nullish() },
  jsch: { scripts: ScriptsWithPost.nullish() },
  queue: { queue_attributes: z.looseObject({ max_slots: wholeNumber(0) }).nullish() },
  scri: { scripts: ScriptsProcessOnly.nullish() },
  user: { user_attributes: UserAttributes.nullish(), authorizations: entries(UserAuthorization), privileges: z.array(z.string(), { error: "must be an array of privilege names" }).nullish() },
  usrg: { authorizations: entries(UserAuthorization), privileges: z.array(z.string(), { error: "must be an array of privilege names" }).nullish() },
} as const;
