import { execFileSync } from "node:child_process";
import { userInfo } from "node:os";

/** The ids a job is started with when it runs as another OS user. */
export interface OsIdentity {
  uid: number;
  gid: number;
  name: string;
}

function idOf(flag: "-u" | "-g", user: string): number {
  return Number(execFileSync("id", [flag, user], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
}

/**
 * The uid and gid of an OS user. Throws an Error saying why when the user does not exist, or when
 * this agent is not root and so cannot start processes as anybody but itself.
 */
export function osIdentity(user: string): OsIdentity {
  if (!/^[a-z_][a-z0-9_.-]{0,31}$/i.test(user)) throw new Error(`'${user}' is not an OS user name`);
  let uid: number;
  let gid: number;
  try {
    uid = idOf("-u", user);
    gid = idOf("-g", user);
  } catch {
    throw new Error(`OS user '${user}' does not exist on this host`);
  }
  const self = userInfo();
  if (self.uid !== 0 && self.uid !== uid) throw new Error(`the agent runs as ${self.username} and cannot run jobs as '${user}'`);
  return { uid, gid, name: user };
}
