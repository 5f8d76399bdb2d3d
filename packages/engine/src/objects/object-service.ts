import { ErrorCode, ObjectBody, Right, type InImportObjectBody, type InPatchObjectBody } from "@baton/contract";
import { mayReadObject, requireDeleteObject, requireReadObject } from "../auth/acts";
import type { Principal } from "../auth/authenticator";
import { ConflictError, NotFoundError, ValidationError, type ValidationIssue } from "../domain/errors";
import { applyObjectPatch } from "../domain/object-patch";
import { definitionFromEnvelope, folderDefinition, normaliseFolderPath, type ObjectDefinition } from "../domain/object-definition";
import { objectReferences, type ObjectReference } from "../domain/object-references";
import { DEFAULT_TIME_ZONE, timeZoneNamedBy, zoneAt, type ZoneAt } from "../domain/object-time-zone";
import { promptInputs, promptSetNames } from "../domain/prompt-sets";
import { isTimeZone, readTimeZoneObject } from "../domain/time-zone";
import type { Clock } from "../runtime/clock";
import { resolveTimeZone } from "../runtime/time-zones";
import type { Store } from "../store/connect";
import { findFolder, folderExists } from "../store/folders-store";
import { listUnfinishedRunIdsOf } from "../store/executions-store";
import { deleteObjects, findObject, objectsMentioning, type StoredObject } from "../store/objects-store";
import { ACCOUNT_TYPES, lockImports, prepareObject, requireFolderRight, writeObjects, type WriteConflict } from "./object-writer";
import type { Database } from "../store/schema";
import { inTransaction } from "../store/transaction";
import type { Kysely } from "kysely";

/** When and by whom an object was created and last changed. */
export interface Modification {
  createdAt: number;
  createdBy: string;
  modifiedAt: number;
  modifiedBy: string;
}

/** An object or folder as GET /objects/{name} answers it. */
export interface ObjectView extends ObjectDefinition {
  /** Absent for a folder that exists only because objects are in it. */
  modification: Modification | undefined;
}

/** The zone of an object (GET .../timezone). */
export interface ObjectTimeZone {
  objectName: string;
  /** The TZ object the zone comes from, if any. */
  timeZoneObject: string | null;
  zone: ZoneAt;
  isDefault: boolean;
  at: number;
}

/** One object that refers to another, with how. */
export interface ObjectUser {
  name: string;
  type: string;
  folder: string;
  references: ObjectReference[];
}

/** The objects that refer to an object (GET .../usage). */
export interface ObjectUsage {
  users: ObjectUser[];
  /** Some referring objects are left out: the principal may not read them. */
  hidden: boolean;
}

/** Importing and reading single object definitions, and what refers to them. */
export class ObjectService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    /** Called after users or groups changed, so that cached logins and rights are dropped. */
    private readonly onAccountsChanged: () => void,
  ) {}

  /**
   * Imports one object. An existing object is replaced only with `overwrite` (never by another
   * type); otherwise the import is refused and nothing changes. A USER may carry
   * `user_attributes.password`: only its hash is kept, never the password itself.
   */
  async import(principal: Principal, envelope: InImportObjectBody, overwrite: boolean): Promise<ObjectDefinition> {
    const definition = definitionFromEnvelope(envelope);
    const prepared = await prepareObject(principal, definition, `data.${definition.type.toLowerCase()}`);
    await inTransaction(this.store.db, async (trx) => {
      await lockImports(trx, this.store.dialect, principal.client);
      await writeObjects(trx, [prepared], { client: principal.client, user: principal.userName, now: this.clock.now(), overwrite, refuse: (conflicts) => conflictError(conflicts, principal.client) });
    });
    if (ACCOUNT_TYPES.has(definition.type)) this.onAccountsChanged();
    return definition;
  }

  /**
   * PATCH /objects/{name}: changes the members a partial export names (objects merge member by
   * member, other values replace; see applyObjectPatch) and keeps the rest. The object keeps its
   * name, type and folder. The result is checked as an import of the whole object is, with the
   * same rights as replacing it by an import; a refused patch changes nothing. Executions already
   * activated keep the definition they were activated with.
   */
  async patch(principal: Principal, name: string, patch: InPatchObjectBody): Promise<ObjectDefinition> {
    const objectName = name.trim().toUpperCase();
    const written = await inTransaction(this.store.db, async (trx) => {
      await lockImports(trx, this.store.dialect, principal.client);
      const object = await findObject(trx, principal.client, objectName);
      if (object === undefined) throw notFound(name, principal.client);
      requireReadObject(principal, object);
      const key = object.type.toLowerCase();
      const members = patchMembers(patch, key, object);
      const merged = ObjectBody.parse(applyObjectPatch(object.body, members));
      const definition = definitionFromEnvelope({ data: { [key]: merged }, path: object.folder });
      const prepared = await prepareObject(principal, definition, `data.${key}`);
      await writeObjects(trx, [prepared], { client: principal.client, user: principal.userName, now: this.clock.now(), overwrite: true, refuse: (conflicts) => conflictError(conflicts, principal.client) });
      return definition;
    });
    if (ACCOUNT_TYPES.has(written.type)) this.onAccountsChanged();
    return written;
  }

  /**
   * DELETE /objects/{name}: removes an object the principal may delete. An object that has
   * executions still running, or that other objects refer to (a workflow's task, a schedule's
   * entry, a job's login), is kept and the refusal (400, code CONFLICT) says why; so is the
   * principal's own user. Folders are not objects here: a folder path is not found.
   */
  async delete(principal: Principal, name: string): Promise<void> {
    const objectName = name.trim().toUpperCase();
    const deleted = await inTransaction(this.store.db, async (trx) => {
      await lockImports(trx, this.store.dialect, principal.client);
      const object = await findObject(trx, principal.client, objectName);
      if (object === undefined) throw notFound(name, principal.client);
      requireReadObject(principal, object);
      requireDeleteObject(principal, object);
      if (object.type === "USER" && object.name === principal.userName) {
        throw new ConflictError(ErrorCode.CONFLICT, "Object is in use.", `User '${object.name}' is the user of this request; another user must delete it.`);
      }
      const running = await listUnfinishedRunIdsOf(trx, principal.client, object.name, 5);
      if (running.length > 0) {
        throw new ConflictError(ErrorCode.CONFLICT, "Object is in use.", `Object '${object.name}' has executions that have not ended (RunID ${running.join(", ")}); cancel them or let them end first.`);
      }
      const usage = await this.#usersOf(principal, object.name, (reference) => reference.name === object.name, trx);
      // An object's mention of itself is no use of it.
      const users = usage.users.filter((user) => user.name !== object.name);
      const hidden = usage.hidden;
      if (users.length > 0 || hidden) {
        const named = users.map((user) => `${user.type} ${user.name}`);
        const listed = [...named, ...(hidden ? ["objects you may not read"] : [])].join(", ");
        throw new ConflictError(ErrorCode.CONFLICT, "Object is in use.", `Object '${object.name}' is used by ${listed}; change or delete those first.`);
      }
      await deleteObjects(trx, principal.client, [object.name]);
      return object;
    });
    if (ACCOUNT_TYPES.has(deleted.type)) this.onAccountsChanged();
  }

  /**
   * GET /objects/{name}/inputs: per prompt set the object lists, its inputs with their defaults
   * (null without one). Prompt sets that do not exist are left out.
   */
  async inputs(principal: Principal, name: string): Promise<Record<string, Record<string, string | null>>> {
    const object = await this.get(principal, name);
    const result: Record<string, Record<string, string | null>> = {};
    for (const setName of promptSetNames(object.body)) {
      const promptSet = await findObject(this.store.db, principal.client, setName);
      if (promptSet?.type !== "PRPT") continue;
      result[setName] = Object.fromEntries(promptInputs(promptSet.body).map((input) => [input.name, input.defaultValue ?? null]));
    }
    return result;
  }

  /** Reads an object the principal may read; 404 when it does not exist. */
  async get(principal: Principal, name: string): Promise<StoredObject> {
    const object = await findObject(this.store.db, principal.client, name.trim().toUpperCase());
    if (object === undefined) throw notFound(name, principal.client);
    requireReadObject(principal, object);
    return object;
  }

  /**
   * What GET /objects/{name} answers: the object of that name, else the folder (FOLD) at that
   * path. A name that starts with `\` or `/` is always a folder path (`\OPS\NIGHTLY`).
   */
  async read(principal: Principal, name: string): Promise<ObjectView> {
    if (!/^[\\/]/.test(name)) {
      const object = await findObject(this.store.db, principal.client, name.trim().toUpperCase());
      if (object !== undefined) {
        requireReadObject(principal, object);
        return { ...object, modification: object };
      }
    }
    const path = normaliseFolderPath(name.trim());
    if (path === null || path === "" || !(await folderExists(this.store.db, principal.client, path))) throw notFound(name, principal.client);
    const stored = await findFolder(this.store.db, principal.client, path);
    requireFolderRight(principal, Right.READ, path);
    return { ...folderDefinition(path, stored?.body), modification: stored };
  }

  /**
   * The zone an object's definition uses, evaluated now: a TZ object itself, a schedule's zone,
   * `general_attributes.time_zone` of others. The default (UTC) when the object, the zone it names
   * or that zone's TZ object does not exist.
   */
  async timeZone(principal: Principal, name: string): Promise<ObjectTimeZone> {
    const objectName = name.trim().toUpperCase();
    const at = this.clock.now();
    const fallback: ObjectTimeZone = { objectName, timeZoneObject: null, zone: zoneAt(DEFAULT_TIME_ZONE, at), isDefault: true, at };
    const object = await findObject(this.store.db, principal.client, objectName);
    if (object === undefined) return fallback;
    requireReadObject(principal, object);
    const named = object.type === "TZ" ? object.name : timeZoneNamedBy(object.body);
    if (named === undefined) return fallback;
    try {
      const zone = object.type === "TZ" ? readTimeZoneObject(object.body) : await resolveTimeZone(this.store.db, principal.client, named);
      const fromObject = object.type === "TZ" || !isTimeZone(named);
      return { objectName, timeZoneObject: fromObject ? named.toUpperCase() : null, zone: zoneAt(zone, at), isDefault: false, at };
    } catch {
      // The zone it names is neither an IANA zone nor a (valid) TZ object: the default applies.
      return fallback;
    }
  }

  /** The objects that refer to an object (404 when it does not exist). */
  async usage(principal: Principal, name: string): Promise<ObjectUsage> {
    const object = await this.get(principal, name);
    return this.#usersOf(principal, object.name, (reference) => reference.name === object.name);
  }

  /** The objects that use one event of a calendar: schedule tasks, calendar conditions, periods, users. */
  async calendarEventUsage(principal: Principal, name: string, event: string): Promise<ObjectUsage> {
    const calendar = await this.get(principal, name);
    const eventName = event.trim().toUpperCase();
    return this.#usersOf(principal, calendar.name, (reference) => reference.kind === "calendar" && reference.name === calendar.name && reference.calendarEvent === eventName);
  }

  async #usersOf(principal: Principal, name: string, refersTo: (reference: ObjectReference) => boolean, db: Kysely<Database> = this.store.db): Promise<ObjectUsage> {
    const users: ObjectUser[] = [];
    let hidden = false;
    for (const candidate of await objectsMentioning(db, principal.client, name)) {
      const references = objectReferences(candidate.body).filter(refersTo);
      if (references.length === 0) continue;
      if (!mayReadObject(principal, candidate)) hidden = true;
      else users.push({ name: candidate.name, type: candidate.type, folder: candidate.folder, references });
    }
    return { users, hidden };
  }
}

/**
 * The members a PATCH changes: the body under the object's own type key. The name and type are
 * the object's: a different one in the patch is refused (renaming or retyping is not a patch).
 */
function patchMembers(patch: InPatchObjectBody, key: string, object: StoredObject): Record<string, unknown> {
  const keys = Object.keys(patch.data);
  const members = patch.data[key];
  if (keys.length !== 1 || members === undefined) {
    throw new ValidationError([{ code: ErrorCode.INVALID_OBJECT, path: "data", error: `must hold exactly one member, '${key}': the type of object ${object.name}`, invalidValue: keys }]);
  }
  const issues: ValidationIssue[] = [];
  const attributes = members["general_attributes"];
  if (attributes !== undefined && (typeof attributes !== "object" || attributes === null || Array.isArray(attributes))) {
    issues.push({ code: ErrorCode.INVALID_OBJECT, path: `data.${key}.general_attributes`, error: "must be an object", invalidValue: attributes });
  } else if (attributes !== undefined) {
    const sent: Record<string, unknown> = { ...attributes };
    if (sent["name"] !== undefined && (typeof sent["name"] !== "string" || sent["name"].trim().toUpperCase() !== object.name)) {
      issues.push({ code: ErrorCode.INVALID_OBJECT, path: `data.${key}.general_attributes.name`, error: "must be omitted: a patch keeps the object's name", invalidValue: sent["name"] });
    }
    if (sent["type"] !== undefined && (typeof sent["type"] !== "string" || sent["type"].toUpperCase() !== object.type)) {
      issues.push({ code: ErrorCode.INVALID_OBJECT, path: `data.${key}.general_attributes.type`, error: "must be omitted: a patch keeps the object's type", invalidValue: sent["type"] });
    }
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return members;
}

function notFound(name: string, client: number): NotFoundError {
  return new NotFoundError(ErrorCode.OBJECT_NOT_FOUND, "Object not found.", `Object '${name}' does not exist in client ${client}.`);
}

/** A single import that conflicts answers one OutError (400, code OBJECT_EXISTS), as before folder imports existed. */
function conflictError(conflicts: readonly WriteConflict[], client: number): ConflictError {
  const conflict = conflicts[0];
  if (conflict === undefined || conflict.existingType === conflict.object.type) {
    const name = conflict?.object.name ?? "";
    return new ConflictError(ErrorCode.OBJECT_EXISTS, "Object already exists.", `Object '${name}' already exists in client ${client}; import with overwrite_existing_objects=true to replace it.`);
  }
  return new ConflictError(
    ErrorCode.OBJECT_EXISTS,
    "Object exists with another type.",
    `Object '${conflict.object.name}' exists as ${conflict.existingType}; an object of type ${conflict.object.type} cannot replace it.`,
  );
}
