import type { OutRepositoryChange } from "@baton/contract";
import type { Principal } from "../auth/authenticator";
import { mayReadObject, requireReadObject, requireWriteObject, type ObjectRef } from "../auth/acts";
import type { GitWorkspace } from "./git-workspace";
import { describeFileText } from "./object-files";

/*
 * A repository holds every object of its client, also those a user with the REPOSITORY privilege
 * may not read or write. What its answers show of a file follows the read right on the object the
 * file defines, as GET /objects/{name} and the folder export do; what a move of the head imports
 * needs the write right on each object first. auth/acts.ts decides both.
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

/**
 * Throws the 403 of the first missing write right among the objects whose files going from `from`
 * to `to` adds or changes. Checked before the files are read as definitions, so that the
 * validation issues of an import (which quote what they refuse) never show the content of an
 * object the principal may not write. Deletions are checked by the import (delete right).
 */
export async function requireWritableFiles(principal: Principal, git: GitWorkspace, from: string, to: string): Promise<void> {
  const written = (await git.changedFiles(from, to)).filter(({ change }) => change !== "deleted");
  for (const text of await git.showAll(written.map(({ path }) => ({ commit: to, path })))) {
    const object = objectOfFile(text ?? "");
    if (object) requireWriteObject(principal, object);
  }
}
