import type { Privilege } from "@baton/contract";
import { mayCancel, mayDeleteObject, mayExecute, mayReadObject, maySeeExecution, mayWriteObject, type ObjectRef } from "./acts";
import type { Principal } from "./authenticator";

/** Which acts a principal may do on one object, each answered by the rule in acts.ts that the REST API enforces. */
export interface ObjectPermissions extends ObjectRef {
  readonly read: boolean;
  readonly write: boolean;
  readonly execute: boolean;
  readonly delete: boolean;
  /** Cancelling, restarting, releasing and acknowledging its executions. */
  readonly cancel: boolean;
  /** Seeing its executions and their reports. */
  readonly statistics: boolean;
}

export interface Permissions {
  readonly privileges: readonly Privilege[];
  readonly objects: readonly ObjectPermissions[];
}

/**
 * What a principal may do, for a console that offers only what the engine will do: its privileges
 * and, per object, the acts of acts.ts. It asks the same `may…` functions as every other door, so
 * the answer cannot drift from what the REST API refuses. The objects need not exist: rights
 * follow type and name patterns.
 */
export function permissionsOf(principal: Principal, objects: readonly ObjectRef[]): Permissions {
  return {
    privileges: [...principal.rights.privileges].sort(),
    objects: objects.map(({ type, name }) => {
      const object = { type, name };
      const execution = { objectType: type, name };
      return {
        type,
        name,
        read: mayReadObject(principal, object),
        write: mayWriteObject(principal, object),
        execute: mayExecute(principal, object),
        delete: mayDeleteObject(principal, object),
        cancel: mayCancel(principal, execution),
        statistics: maySeeExecution(principal, execution),
      };
    }),
  };
}
