import { ErrorCode, type InImportObjectBody } from "@baton/contract";
import { ConflictError, NotFoundError } from "../domain/errors";
import { definitionFromEnvelope, type ObjectDefinition } from "../domain/object-definition";
import type { Principal } from "../auth/authenticator";
import type { Store } from "../store/connect";
import { findObject, insertObject, replaceObject, type StoredObject } from "../store/objects-store";
import type { Clock } from "../runtime/clock";

/** Importing and reading object definitions. */
export class ObjectService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /**
   * Imports one object. An existing object is replaced only with `overwrite`; otherwise the
   * import is refused and nothing changes.
   */
  async import(principal: Principal, envelope: InImportObjectBody, overwrite: boolean): Promise<ObjectDefinition> {
    const definition = definitionFromEnvelope(envelope);
    const now = this.clock.now();
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
    });
    return definition;
  }

  async get(client: number, name: string): Promise<StoredObject> {
    const object = await findObject(this.store.db, client, name.toUpperCase());
    if (object === undefined) {
      throw new NotFoundError(ErrorCode.OBJECT_NOT_FOUND, "Object not found.", `Object '${name}' does not exist in client ${client}.`);
    }
    return object;
  }
}
