import type { OutRepositoryChange } from "@baton/contract";
import type { Principal } from "../auth/authenticator";
import { mayReadObject, requireReadObject, type ObjectRef } from "../auth/acts";
import { describeFileText } from "./object-files";

/*
 * A repository holds every object of its client, also those a user with the REPOSITORY privilege
 * may not read. What its answers show of a file follows the read right on the object the file
 * defines, as GET /objects/{name} and the folder export do (auth/acts.ts decides).
 */

/** The object an object file's text defines, or undefined when the text is not an object file. */
function objectOfFile(text: string): ObjectRef | undefined {
  const described = describeFileText(text);
  return described && { type: described.typeKey.toUpperCase(), name: described.name };
}

/** Throws the 403 of a missing read right unless the principal may read the object `text` (a file's content; undefined: no file) defines. */
export function requireReadableFile(principal: Principal, text: string | undefined): void {
  const object = text === undefined ? undefined : objectOfFile(text);
  if (object) requireReadObject(principal, object);
}

/** The changes of objects the principal may read. */
export function readableChanges(principal: Principal, changes: readonly OutRepositoryChange[]): OutRepositoryChange[] {
  return changes.filter((change) => mayReadObject(principal, { type: change.type, name: change.name }));
}
