import type { Kysely } from "kysely";
import type { Database } from "../store/schema";
import { readSettingRows } from "../store/settings-store";

/**
 * Where operators set how failed callbacks are retried: the VARA UC_CALLBACK_SETTINGS of client 0,
 * as the vendor's page "Polling and Callback Requests" names it.
 */
export const CALLBACK_SETTINGS_OBJECT = "UC_CALLBACK_SETTINGS";

/** How the wait before a retry grows with the failed attempts n: CALLBACK_INTERVAL × 1, × n, × n², × 2^(n-1). */
export const CALLBACK_INTERVAL_MODES = ["CONSTANT", "LINEAR", "SQUARED", "EXPONENTIAL"] as const;
export type CallbackIntervalMode = (typeof CALLBACK_INTERVAL_MODES)[number];

export interface CallbackSettings {
  /** Retries after the first attempt fails (CALLBACK_RETRY_COUNT, 0 to 100). */
  retries: number;
  /** CALLBACK_INTERVAL in milliseconds (the key is in seconds, 1 to 86400). */
  intervalMs: number;
  /** CALLBACK_INTERVAL_MODE. */
  mode: CallbackIntervalMode;
}

/** Without the variable (or a key of it): 7 retries, waiting 1 s, 2 s, 4 s, ... as Baton always did. */
export const DEFAULT_CALLBACK_SETTINGS: CallbackSettings = { retries: 7, intervalMs: 1000, mode: "EXPONENTIAL" };

/** No wait is longer than a day, whatever the mode makes of many retries. */
const MAX_WAIT_MS = 86_400_000;

/**
 * The callback settings: each key's `value1` when it is a valid value, else its default. A value out
 * of range or of another mode is ignored rather than refused: the variable is an ordinary object
 * that any import may write, and a delivery must not fail because of it.
 */
export async function callbackSettings(db: Kysely<Database>): Promise<CallbackSettings> {
  const settings = { ...DEFAULT_CALLBACK_SETTINGS };
  for (const row of await readSettingRows(db, 0, CALLBACK_SETTINGS_OBJECT)) {
    const { key } = row;
    const value = row.value.toUpperCase();
    const whole = /^\d+$/.test(value) ? Number(value) : undefined;
    if (key === "CALLBACK_RETRY_COUNT" && whole !== undefined && whole <= 100) settings.retries = whole;
    if (key === "CALLBACK_INTERVAL" && whole !== undefined && whole >= 1 && whole <= 86_400) settings.intervalMs = whole * 1000;
    if (key === "CALLBACK_INTERVAL_MODE") settings.mode = CALLBACK_INTERVAL_MODES.find((mode) => mode === value) ?? settings.mode;
  }
  return settings;
}

/** The wait after `failed` failed attempts (1 after the first) before the next one. */
export function callbackRetryDelay(settings: CallbackSettings, failed: number): number {
  const n = Math.max(1, failed);
  const factor = { CONSTANT: 1, LINEAR: n, SQUARED: n * n, EXPONENTIAL: 2 ** (n - 1) }[settings.mode];
  return Math.min(settings.intervalMs * factor, MAX_WAIT_MS);
}
