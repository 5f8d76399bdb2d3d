import { ErrorCode, type MergeResolution } from "@baton/contract";
import { ValidationError } from "../domain/errors";
import type { GitWorkspace } from "./git-workspace";
import { describeFileText, objectFileText } from "./object-files";

/**
 * The file text a conflict's resolution gives `path`: the active branch's version (ours), the
 * merged branch's (theirs), the object's definition in Baton now (`current`, a tree of them), or
 * an edited result. undefined: the file goes away.
 */
export async function resolvedFile(git: GitWorkspace, merge: { head: string; theirs: string }, current: string, path: string, resolution: MergeResolution): Promise<string | undefined> {
  if (resolution === "ours") return git.show(merge.head, path);
  if (resolution === "theirs") return git.show(merge.theirs, path);
  if (resolution === "current") return git.show(current, path);
  const sides = [await git.show(merge.head, path), await git.show(merge.theirs, path)];
  return editedFile(path, resolution.content, sides);
}

/**
 * An edited result as the object file's text (keys sorted, as every file of the repository), once
 * it reads as an object file of the conflicted object: JSON with one member, the object's type,
 * whose name is the object's. Whether it is a valid definition of that type is checked by the
 * import that completes the merge, before anything is pushed or written.
 */
function editedFile(path: string, content: string, sides: readonly (string | undefined)[]): string {
  const refuse = (error: string, invalidValue: unknown = null): never => {
    throw new ValidationError([{ code: ErrorCode.INVALID_OBJECT, path: `resolutions.${path}.content`, error, invalidValue }]);
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch (error) {
    return refuse(`is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed) || Object.keys(parsed).length !== 1) return refuse("must be an object file: one member named by the object's type, e.g. {\"jobs\": {...}}");
  const edited = describeFileText(content);
  const conflicted = sides.map((text) => (text === undefined ? undefined : describeFileText(text))).find((described) => described !== undefined);
  if (edited === undefined || conflicted === undefined) return refuse("must define an object");
  if (edited.typeKey !== conflicted.typeKey || edited.name !== conflicted.name) return refuse(`must define ${conflicted.typeKey.toUpperCase()} ${conflicted.name}, the object in conflict`, `${edited.typeKey.toUpperCase()} ${edited.name}`);
  const [typeKey, body] = Object.entries(parsed)[0] ?? [];
  return objectFileText({ path, typeKey: typeKey ?? edited.typeKey, name: edited.name, body });
}
