import { ErrorCode, Right, type InImportObjectBody } from "@baton/contract";
import { ConflictError, NotFoundError, invalid } from "../domain/errors";
import { definitionFromEnvelope, isRecord, type ObjectDefinition } from "../domain/object-definition";
import { promptInputs, promptSetNames } from "../domain/prompt-sets";
import { requirePrivilege, requireRight } from "../auth/access";
import type { Principal } from "../auth/authenticator";
import { hashPassword } from "../auth/passwords";
import type { Store } from "../store/connect";
import { setPasswordHash } from "../store/credentials-store";
import { findObject, insertObject, replaceObject, type StoredObject } from "../store/objects-store";
import type { Clock } from "../runtime/clock";

/** Types that define who may log in and what they may do. */
const ACCOUNT_TYPES = new Set(["USER", "USRG"]);

/** Importing and reading object definitions. */
export class ObjectService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    /** Called after users or groups changed, so that cached logins and rights are dropped. */
    private readonly onAccountsChanged: () => void,
  ) {}

  /**
   * Imports one object. An existing object is replaced only with `overwrite`; otherwise the
   * import is refused and nothing changes. A USER may carry `user_attributes.password`: only its
   * hash is kept, never the password itself.
   */
  async import(principal: Principal, envelope: InImportObjectBody, overwrite: boolean): Promise<ObjectDefinition> {
    const { definition, password } = withoutPassword(definitionFromEnvelope(envelope));
    requireRight(principal, Right.WRITE, definition.type, definition.name);
    if (ACCOUNT_TYPES.has(definition.type)) requirePrivilege(principal, "USER_ADMINISTRATION");
    const now = this.clock.now();
    const passwordHash = password === undefined ? undefined : await hashPassword(password);
    await this.store.db.transaction().execute(async (trx) => {
      const existing = await findObject(trx, principal.client, definition.name);
      if (existing === undefined) {
        await insertObject(trx, principal.client, definition, principal.userName, now);
      } else if (!overwrite) {
        throw new ConflictError(
          ErrorCode.OBJECT_EXISTS,
          "Object already exists.",
          `Object '${definition.name}' already exists in client ${principal.client}; import with overwrite_existing_objects=true to replace it.`,
        );
      } else if (existing.type !== definition.type) {
        throw new ConflictError(
          ErrorCode.OBJECT_EXISTS,
          "Object exists with another type.",
          `Object '${definition.name}' exists as ${existing.type}; an object of type ${definition.type} cannot replace it.`,
        );
      } else {
        await replaceObject(trx, principal.client, definition, principal.userName, now);
      }
      if (passwordHash !== undefined) await setPasswordHash(trx, principal.client, definition.name, passwordHash, now);
    });
    if (ACCOUNT_TYPES.has(definition.type)) this.onAccountsChanged();
    return definition;
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
    const object = await findObject(this.store.db, principal.client, name.toUpperCase());
    if (object === undefined) {
      throw new NotFoundError(ErrorCode.OBJECT_NOT_FOUND, "Object not found.", `Object '${name}' does not exist in client ${principal.client}.`);
    }
    requireRight(principal, Right.READ, object.type, object.name);
    return object;
  }
}

/** Takes `user_attributes.password` out of a USER definition. */
function withoutPassword(definition: ObjectDefinition): { definition: ObjectDefinition; password?: string } {
  const attributes = definition.body["user_attributes"];
  if (definition.type !== "USER" || !isRecord(attributes) || !("password" in attributes)) return { definition };
  const { password, ...rest } = attributes;
  if (typeof password !== "string" || password.length === 0 || password.length > 1024) {
    throw invalid(ErrorCode.INVALID_OBJECT, "data.user.user_attributes.password", "must be a non-empty string of at most 1024 characters", null);
  }
  return { definition: { ...definition, body: { ...definition.body, user_attributes: rest } }, password };
}
