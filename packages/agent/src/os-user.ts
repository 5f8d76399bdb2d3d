import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { userInfo } from "node:os";

/** An OS user a job runs as: its ids, and the home and login shell its environment names. */
export interface OsIdentity {
  uid: number;
  gid: number;
  name: string;
  home: string;
  shell: string;
}

/** The passwd entry of `user` (name:password:uid:gid:gecos:home:shell), from NSS where getent exists. */
function passwdEntry(user: string): string | undefined {
  try {
    return execFileSync("getent", ["passwd", user], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).split("\n")[0];
  } catch (error) {
    // getent exits 2 for an unknown user; without getent at all, /etc/passwd is what there is.
    if (!(error instanceof Error && "code" in error && error.code === "ENOENT")) return undefined;
    return readFileSync("/etc/passwd", "utf8").split("\n").find((line) => line.startsWith(`${user}:`));
  }
}

/**
 * The uid, gid, home and shell of an OS user. Throws an Error saying why when the user does not
 * exist, or when this agent is not root and so cannot start processes as anybody but itself.
 */
export function osIdentity(user: string): OsIdentity {
  if (!/^[a-z_][a-z0-9_.-]{0,31}$/i.test(user)) throw new Error(`'${user}' is not an OS user name`);
  const fields = passwdEntry(user)?.split(":");
  const uid = Number(fields?.[2]);
  const gid = Number(fields?.[3]);
  if (fields === undefined || fields.length < 7 || !Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error(`OS user '${user}' does not exist on this host`);
  const self = userInfo();
  if (self.uid !== 0 && self.uid !== uid) throw new Error(`the agent runs as ${self.username} and cannot run jobs as '${user}'`);
  return { uid, gid, name: fields[0] ?? user, home: fields[5] ?? "/", shell: fields[6] ?? "/bin/sh" };
}

/** The user this agent runs as, for jobs that name none: its name, home and shell from the passwd database. */
export function agentIdentity(): Pick<OsIdentity, "name" | "home" | "shell"> {
  const self = userInfo();
  return { name: self.username, home: self.homedir, shell: self.shell ?? "/bin/sh" };
}
