import { ErrorCode } from "@baton/contract";
import type { Principal } from "../auth/authenticator";
import { NotFoundError } from "../domain/errors";
import type { GitAuthor, GitWorkspace } from "./git-workspace";

/** The commit a branch name or commit id names; 404 when there is none. */
export async function requireCommit(git: GitWorkspace, ref: string): Promise<string> {
  const commit = await git.resolve(ref);
  if (commit === undefined) throw new NotFoundError(ErrorCode.NOT_FOUND, "Branch or commit not found.", ref);
  return commit;
}

/** The author of a commit made by `principal`. */
export function authorOf(principal: Principal, email: string): GitAuthor {
  return { name: principal.userName, email };
}
