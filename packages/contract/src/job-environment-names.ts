/**
 * Names in a job's environment that the agent decides itself, from its host and the OS user the job
 * runs as. A job request cannot set them: a prompt input named PATH# must not choose the programs a
 * job runs, nor LD_PRELOAD# the code its programs load.
 */
const AGENT_DECIDED = new Set(["PATH", "HOME", "SHELL", "USER", "LOGNAME", "LANG", "LANGUAGE", "TZ", "TMPDIR", "BATON_RUN_ID"]);
const AGENT_DECIDED_PREFIXES = ["LC_"];

/**
 * Names that change what a shell or the dynamic loader does before the job's first line runs (a
 * file sourced at start, the field separator, exported functions, libraries loaded into every
 * program). No request may set them.
 */
const BEHAVIOUR_CHANGING = new Set(["BASH_ENV", "ENV", "IFS", "CDPATH", "PS4", "SHELLOPTS", "BASHOPTS", "GLOBIGNORE", "PROMPT_COMMAND", "POSIXLY_CORRECT", "NODE_OPTIONS", "PYTHONSTARTUP", "PERL5OPT"]);

const BEHAVIOUR_CHANGING_PREFIXES = ["LD_", "DYLD_", "BASH_FUNC_"];

/** A name a shell can read back as `$NAME`. */
export function isEnvironmentName(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name);
}

/**
 * Whether a job request may put `name` into a job's environment: a valid name that is neither one
 * the agent decides (PATH, HOME, LANG, LC_*, TZ, ...) nor one that changes how the shell or the
 * loader behaves (LD_*, BASH_ENV, IFS, ...).
 */
export function isRequestEnvironmentName(name: string): boolean {
  const upper = name.toUpperCase();
  return isEnvironmentName(name) && !AGENT_DECIDED.has(upper) && !BEHAVIOUR_CHANGING.has(upper) && ![...AGENT_DECIDED_PREFIXES, ...BEHAVIOUR_CHANGING_PREFIXES].some((prefix) => upper.startsWith(prefix));
}

/** Prefix of the environment name of a variable whose plain name is taken (`PATH#` → `BATON_INPUT_PATH`). */
export const INPUT_ENVIRONMENT_PREFIX = "BATON_INPUT_";

/**
 * The environment name a job variable (`&IN#`, `IN#`) reaches the job as: `IN`. Characters a name
 * cannot hold become `_` (and a leading digit gets one in front); a name the job request may not set,
 * or one of Baton's own (`BATON_*`), gets the prefix `BATON_INPUT_` instead. Undefined for a
 * variable with no name.
 */
export function jobEnvironmentName(variable: string): string | undefined {
  const bare = variable.replace(/^&/, "").replace(/#$/, "");
  if (bare === "") return undefined;
  const name = bare.replace(/[^A-Za-z0-9_]/g, "_").replace(/^(?=[0-9])/, "_");
  return isRequestEnvironmentName(name) && !name.toUpperCase().startsWith("BATON_") ? name : `${INPUT_ENVIRONMENT_PREFIX}${name}`;
}
