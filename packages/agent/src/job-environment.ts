import { isRequestEnvironmentName } from "@baton/contract";
import type { OsIdentity } from "./os-user";

/** PATH for a job that runs as another OS user, the one login(1) gives: the agent's own may point into its user's files. */
export const OTHER_USER_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/** Variables of the agent's host that reach every job: how to find programs, the locale and the time zone. */
const HOST_NAMES = new Set(["PATH", "LANG", "LANGUAGE", "TZ"]);

export interface JobEnvironmentInput {
  /** The agent's own environment; only PATH, LANG, LANGUAGE, LC_*, TZ and TMPDIR are read from it. */
  host: Readonly<Record<string, string | undefined>>;
  /** Who the job runs as: the agent's own user, or the OS user of the job's LOGIN object. */
  identity: Pick<OsIdentity, "name" | "home" | "shell">;
  /** Whether `identity` is another user than the agent's. */
  otherUser: boolean;
  /** The job's own variables from the engine (BATON_JOB, its prompt inputs, ...). */
  requested: Readonly<Record<string, string>>;
  runId: number;
}

/**
 * The whole environment of a job, built from an allow-list and never from the agent's process as a
 * whole: the agent runs inside the engine (embedded) or beside its credentials (standalone), and no
 * secret of either (BATON_ADMIN_PASSWORD, the agent token, the session key, DATABASE_URL) may reach
 * a job. A job gets PATH, LANG, LANGUAGE, LC_* and TZ of the host (PATH reset to the standard one when
 * it runs as another user), TMPDIR only when it runs as the agent's user, HOME, SHELL, USER and
 * LOGNAME of the user it runs as, the variables the engine sends except the names the agent decides
 * or that change how the shell and loader behave (see `isRequestEnvironmentName`), and BATON_RUN_ID.
 */
export function jobEnvironment({ host, identity, otherUser, requested, runId }: JobEnvironmentInput): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(host)) {
    if (value === undefined) continue;
    if (HOST_NAMES.has(name) || name.startsWith("LC_") || (name === "TMPDIR" && !otherUser)) env[name] = value;
  }
  if (otherUser || env["PATH"] === undefined) env["PATH"] = OTHER_USER_PATH;
  for (const [name, value] of Object.entries(requested)) {
    // A value with NUL cannot be passed to exec at all; it would make the whole job fail to start.
    if (isRequestEnvironmentName(name) && !value.includes("\0")) env[name] = value;
  }
  return { ...env, HOME: identity.home, SHELL: identity.shell, USER: identity.name, LOGNAME: identity.name, BATON_RUN_ID: String(runId) };
}
