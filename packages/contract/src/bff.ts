import { z } from "zod";
import { PRIVILEGES } from "./rights";
import { OutExecution } from "./schemas/executions";
import { ObjectName } from "./schemas/primitives";

/** POST /bff/session: the console logs in once; the credentials stay on the server. */
export const InSessionBody = z.object({
  client: z.int().min(0).max(9999),
  user: z.string().min(1).max(200),
  department: z.string().max(200).default(""),
  password: z.string().min(1).max(1024),
});
export type InSessionBody = z.infer<typeof InSessionBody>;

/** GET /bff/session: who am I. The CSRF token goes into the `x-csrf-token` header of state-changing requests. */
export const OutSession = z.object({
  client: z.int(),
  user: z.string(),
  department: z.string(),
  csrf_token: z.string(),
  /** Clients in which the same user exists: the console offers to switch to them. */
  clients: z.array(z.int()),
});
export type OutSession = z.infer<typeof OutSession>;

/** POST /bff/session/client: continue the session in another client of the same user. */
export const InSwitchClientBody = z.object({ client: z.int().min(0).max(9999) });

/** Data of one `execution` event on GET /bff/events; the SSE event id is `seq`. */
export const ExecutionEvent = z.object({
  seq: z.int(),
  client: z.int(),
  execution: OutExecution,
});
export type ExecutionEvent = z.infer<typeof ExecutionEvent>;

/** The most objects one GET /bff/session/permissions asks about. */
export const MAX_PERMISSION_OBJECTS = 100;

/** An object type code as authorizations name it: JOBS, JOBP, VARA, ... */
export const ObjectTypeCode = z.string().regex(/^[A-Z]{2,8}$/, "is not an object type (2 to 8 letters A-Z)");

/** One `object` of GET /bff/session/permissions: `TYPE:NAME`, e.g. `JOBS:NIGHTLY.BACKUP`. */
export const SessionPermissionRef = z
  .string()
  .transform((value) => {
    const colon = value.indexOf(":");
    return colon < 0 ? { type: value, name: "" } : { type: value.slice(0, colon), name: value.slice(colon + 1) };
  })
  .pipe(z.object({ type: ObjectTypeCode, name: ObjectName }));

/** GET /bff/session/permissions?object=JOBS:NAME&object=...: none to 100 objects. */
export const InSessionPermissionsQuery = z.object({
  object: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : typeof value === "string" ? [value] : value))
    .pipe(z.array(SessionPermissionRef).max(MAX_PERMISSION_OBJECTS, `names at most ${MAX_PERMISSION_OBJECTS} objects`)),
});

/** What the session's user may do on one object; `cancel` covers restart, release and acknowledge. */
export const OutObjectPermissions = z.object({
  type: z.string(),
  name: z.string(),
  read: z.boolean(),
  write: z.boolean(),
  execute: z.boolean(),
  delete: z.boolean(),
  cancel: z.boolean(),
  statistics: z.boolean(),
});
export type OutObjectPermissions = z.infer<typeof OutObjectPermissions>;

/** GET /bff/session/permissions: the user's privileges and, per object asked about, its acts, as the engine decides them. */
export const OutSessionPermissions = z.object({
  privileges: z.array(z.enum(PRIVILEGES)),
  objects: z.array(OutObjectPermissions),
});
export type OutSessionPermissions = z.infer<typeof OutSessionPermissions>;

/** The acts OutObjectPermissions answers. */
export type ObjectAct = Exclude<keyof OutObjectPermissions, "type" | "name">;
