import type { Kysely } from "kysely";
import type { Database } from "./schema";
import { readSettingRows } from "./settings-store";

/** Client settings live where operators of such systems look for them: VARA UC_CLIENT_SETTINGS. */
export const CLIENT_SETTINGS_OBJECT = "UC_CLIENT_SETTINGS";

/** Settings with their defaults (docs/decisions.md). */
export const CLIENT_SETTING_DEFAULTS = {
  /** Consecutive failed logins after which a user is locked. */
  LOGIN_MAX_FAILURES: 5,
  /** Minutes after which a lock from failed logins ends by itself; 0: it lasts until someone unlocks the user. */
  LOGIN_LOCK_MINUTES: 15,
  /** Seconds every estimate is when ERT_METHOD is FIXED. */
  ERT_FIXED: 60,
  /** Days the client's autoforecast (AFCST) and client forecasts look ahead. */
  FORECAST_HORIZON_DAYS: 3,
} as const;

/** Text settings with their allowed values, the first being the default. */
export const CLIENT_TEXT_SETTINGS = {
  /** A job whose agent is not connected: end 1821 FAULT_NO_HOST, or wait 1685 until it connects. */
  UNKNOWN_AGENT: ["FAULT", "WAIT"],
  /** Whether users may comment on executions of the client. */
  EXECUTION_COMMENTS: ["ON", "OFF"],
  /** How estimated runtimes are computed for objects that do not say (docs/semantics.md, ERT). */
  ERT_METHOD: ["AVERAGE", "MAXIMUM", "LINEAR_REGRESSION", "FIXED"],
  /** Whether the search knows when objects were last used (their last activation; docs/decisions.md, Search). */
  LAST_USE: ["OFF", "ON"],
  /** Client 0 only: whether new standalone agents wait for an administrator to authenticate them. */
  AGENT_AUTHENTICATION: ["OFF", "ON"],
} as const;

/** A text client setting: the `value1` of its key in UC_CLIENT_SETTINGS when allowed, else the default. */
export async function textClientSetting<K extends keyof typeof CLIENT_TEXT_SETTINGS>(
  db: Kysely<Database>,
  client: number,
  key: K,
): Promise<(typeof CLIENT_TEXT_SETTINGS)[K][number]> {
  const allowed = CLIENT_TEXT_SETTINGS[key];
  for (const row of await readSettingRows(db, client, CLIENT_SETTINGS_OBJECT)) {
    if (row.key !== key) continue;
    const match = allowed.find((a) => a === row.value.toUpperCase());
    if (match !== undefined) return match;
  }
  return allowed[0];
}

/** Numeric settings for which 0 is a meaning of its own rather than a missing value. */
const ZERO_ALLOWED: ReadonlySet<keyof typeof CLIENT_SETTING_DEFAULTS> = new Set(["LOGIN_LOCK_MINUTES"]);

/** A numeric client setting: the `value1` of its key in UC_CLIENT_SETTINGS (a whole number above 0, or 0 where that means something), else the default. */
export async function numericClientSetting(db: Kysely<Database>, client: number, key: keyof typeof CLIENT_SETTING_DEFAULTS): Promise<number> {
  for (const row of await readSettingRows(db, client, CLIENT_SETTINGS_OBJECT)) {
    if (row.key !== key) continue;
    // An empty value is no value (Number("") would read it as 0).
    const value = row.value === "" ? Number.NaN : Number(row.value);
    if (Number.isInteger(value) && (value > 0 || (value === 0 && ZERO_ALLOWED.has(key)))) return value;
  }
  return CLIENT_SETTING_DEFAULTS[key];
}
