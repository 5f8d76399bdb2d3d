import { z } from "zod";
import { acceptClientSpellings } from "./client-spelling";
import { SHARED_MEMBERS, TYPE_MEMBERS, text } from "./object-blocks";
import { Int32, IsoDateTime, QueryFlag, uniqueQueryListOf } from "./primitives";
import { isRecord } from "../is-record";

/** The object types of the interface: the lower-case key of an export, and what it is. */
export const OBJECT_TYPES = {
  fold: "Folder",
  cale: "Calendar",
  call: "Notification",
  code: "Code Table",
  conn: "Connection",
  dash: "Dashboard",
  docu: "Documentation",
  evnt: "Event",
  filter: "Filter",
  hostg: "Agent Group",
  hsta: "Agent/Client Assignment",
  jobf: "File Transfer",
  jobg: "Job Group",
  jobi: "Include",
  jobp: "Workflow",
  jobq: "Remote Task Manager",
  jobs: "Job",
  jsch: "Schedule",
  link: "Link",
  login: "Login",
  period: "Period",
  prpt: "PromptSet",
  queue: "Queue",
  scri: "Script",
  slo: "Service Level Objective",
  store: "Storage",
  sync: "Sync",
  tz: "Time Zone",
  user: "User",
  usrg: "User Group",
  vara: "Variable",
  xsl: "Style Sheet",
} as const;
export type ObjectTypeKey = keyof typeof OBJECT_TYPES;

export function isObjectTypeKey(key: string): key is ObjectTypeKey {
  return Object.hasOwn(OBJECT_TYPES, key);
}

export const OBJECT_TYPE_KEYS: readonly ObjectTypeKey[] = Object.keys(OBJECT_TYPES).filter(isObjectTypeKey);

/**
 * The key of an export naming an object type: one of OBJECT_TYPE_KEYS, lower case. (The check
 * returns a plain boolean so that a record keyed by it stays a record of any one of them.)
 */
export const ObjectTypeKeyText = z.string().refine((key): boolean => isObjectTypeKey(key), { error: `is not an object type; use one of ${OBJECT_TYPE_KEYS.join(", ")}` });


/**
 * The body with every `null` line of its script pages read as an empty line: the vendor's engine
 * exports an empty last line as `null` (`"process": ["echo", null]`). Other members are kept as sent.
 */
export function withEmptyScriptLines(body: unknown): unknown {
  if (!isRecord(body) || !Array.isArray(body["scripts"])) return body;
  const scripts = body["scripts"].map((page: unknown) =>
    isRecord(page) ? Object.fromEntries(Object.entries(page).map(([name, lines]) => [name, Array.isArray(lines) ? lines.map((line: unknown) => line ?? "") : lines])) : page,
  );
  return { ...body, scripts };
}

/** One object body of the export format; only general_attributes is common to every type. */
export const ObjectBody = z
  .object({
    metadata: z.object({ version: z.string() }).loose().optional(),
    general_attributes: z
      .object({
        name: z.string(),
        type: z.string().optional(),
      })
      .loose(),
  })
  .loose();
export type ObjectBody = z.infer<typeof ObjectBody>;

/**
 * `general_attributes` as the spec limits it: type at most 8 characters, description at most 255.
 * The name's rules (at most 200 characters of A-Z 0-9 . _ $ @ # -, NAME/DEPARTMENT for users) are
 * checked with the object, so that a bad name is answered with its own error code.
 */
const GeneralAttributes = z.looseObject({ name: z.string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") }), type: text(8), description: text(255) }, { error: "is required: an object with at least the name" });

function hasTypeMembers(key: string): key is keyof typeof TYPE_MEMBERS {
  return Object.hasOwn(TYPE_MEMBERS, key);
}

function bodySchema(key: ObjectTypeKey): z.ZodType {
  const typeMembers = hasTypeMembers(key) ? TYPE_MEMBERS[key] : {};
  return z.looseObject({ general_attributes: GeneralAttributes, ...SHARED_MEMBERS, ...typeMembers });
}

const BODIES = new Map(OBJECT_TYPE_KEYS.map((key) => [key, bodySchema(key)]));

/**
 * The body of an object type with the limits of the spec's building blocks. Checks only: what
 * passes is stored exactly as sent, unknown members included.
 */
export function objectBodySchema(key: ObjectTypeKey): z.ZodType {
  return BODIES.get(key) ?? bodySchema(key);
}

/** The export/import envelope (reference/object-format.md). */
export const InImportObjectBody = acceptClientSpellings(z.object({
  total: z.number().optional(),
  data: z.record(ObjectTypeKeyText, z.preprocess(withEmptyScriptLines, ObjectBody)),
  path: z.string().max(1000).default(""),
  client: z.union([z.number(), z.string()]).optional(),
  hasmore: z.boolean().optional(),
}));
export type InImportObjectBody = z.infer<typeof InImportObjectBody>;

/**
 * PATCH /{client_id}/objects/{object_name}: a part of the object's export (the members to change,
 * under the key of its type). The object's name, type and folder are the ones it has: `path` is
 * not taken, and name and type inside the body are refused when they differ (the service checks).
 */
export const InPatchObjectBody = acceptClientSpellings(
  z.strictObject({
    total: z.number().optional(),
    data: z.record(ObjectTypeKeyText, z.record(z.string(), z.unknown())),
    client: z.union([z.number(), z.string()]).optional(),
    hasmore: z.boolean().optional(),
  }),
);
export type InPatchObjectBody = z.infer<typeof InPatchObjectBody>;

/** With fields=modification_details: when and by whom the object was created and last changed. */
export const OutModificationDetails = z.object({
  created_at: IsoDateTime,
  created_by: z.string(),
  modified_at: IsoDateTime,
  modified_by: z.string(),
});
export type OutModificationDetails = z.infer<typeof OutModificationDetails>;

export const OutObject = z.object({
  total: z.literal(1),
  data: z.record(z.string(), ObjectBody),
  path: z.string(),
  client: z.int(),
  hasmore: z.literal(false),
  /** Baton places the details beside `data`, so that an export with them imports unchanged. */
  modification_details: OutModificationDetails.optional(),
});
export type OutObject = z.infer<typeof OutObject>;

export const ImportObjectQuery = z.object({
  overwrite_existing_objects: QueryFlag.default(false),
});

/** What `fields` of GET /objects/{name} may ask for. */
export const OBJECT_FIELDS = ["modification_details"] as const;

export const GetObjectQuery = z.object({
  fields: uniqueQueryListOf((v) => OBJECT_FIELDS.find((field) => field === v), `is not one of ${OBJECT_FIELDS.join(", ")}`).optional(),
  /** Top-level members of the body to return; general_attributes always comes. */
  filter: uniqueQueryListOf((v) => (/^[A-Za-z0-9_@.-]{1,200}$/.test(v) ? v : undefined), "does not name a member of the object body").optional(),
});
export type GetObjectQuery = z.infer<typeof GetObjectQuery>;

/**
 * GET /objects/{name}/timezone: the zone the object's definition uses (a TZ object evaluated
 * itself), or the default when the object or its zone does not exist.
 */
export const OutTimeZoneInfo = z.object({
  object_name: z.string(),
  /** The TZ object the zone comes from, or null (an IANA zone named directly, or the default). */
  time_zone_object: z.string().nullable(),
  /** IANA name (Europe/Vienna) or fixed offset (UTC+5:30). */
  zone: z.string(),
  /** The zone's offset from UTC at `evaluated_at`, e.g. +02:00. */
  utc_offset: z.string(),
  daylight_saving_time: z.boolean(),
  /** True when the default applies: the object, its zone or its TZ object does not exist. */
  is_default: z.boolean(),
  evaluated_at: IsoDateTime,
});
export type OutTimeZoneInfo = z.infer<typeof OutTimeZoneInfo>;

/**
 * Baton extension: GET /objects/{name}/ert, the estimated runtime (ERT) the object's next
 * execution starts with, the vendor's "Current ERT" of an object's Runtime page: recomputed after
 * each run that ends OK (by the object's or the client's method) or FIXED; absent before there is one.
 */
export const OutObjectErt = z.object({
  object_name: z.string(),
  /** Seconds; what the next execution's estimated_runtime will be. */
  estimated_runtime: Int32.optional(),
});
export type OutObjectErt = z.infer<typeof OutObjectErt>;

/** How one object refers to another. */
export const OutObjectReference = z.object({
  /** workflow_task, schedule_task, agent, login, queue, calendar, prompt_set, time_zone, script, link, member. */
  kind: z.string(),
  /** Where in the referring body, e.g. `workflow_definitions[2].object_name`. */
  member: z.string(),
  /** The calendar event, for calendar references. */
  calendar_event: z.string().optional(),
});

export const OutObjectUsageEntry = z.object({
  name: z.string(),
  type: z.string(),
  /** Folder of the referring object. */
  path: z.string(),
  references: z.array(OutObjectReference),
});

/** Objects that refer to an object (GET .../usage and .../usage/calendarevent/{event}). */
export const OutObjectUsage = z.object({
  total: z.int(),
  data: z.array(OutObjectUsageEntry),
  /** True when referring objects are left out because the user may not read them. */
  hidden_by_access_rights: z.boolean(),
});
export type OutObjectUsage = z.infer<typeof OutObjectUsage>;
