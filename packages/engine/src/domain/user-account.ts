import { isRecord, type Privilege, PRIVILEGES } from "@baton/contract";

/** The login-relevant attributes of a USER object. */
export interface UserAccount {
  active: boolean;
  locked: boolean;
  /** Epoch ms bounds of validity, if set. */
  validFrom: number | undefined;
  validTo: number | undefined;
}

/** Reads `user_attributes` of a USER body; flags come as "1"/"0", 1/0 or booleans. */
export function userAccount(body: Record<string, unknown>): UserAccount {
  const attributes = isRecord(body["user_attributes"]) ? body["user_attributes"] : {};
  return {
    active: flag(attributes["is_active"], true),
    locked: flag(attributes["is_locked"], false),
    validFrom: time(attributes["valid_from"], "start"),
    validTo: time(attributes["valid_to"], "end"),
  };
}

/** Why an account cannot log in now, or undefined when it can. */
export function loginRefusal(account: UserAccount, now: number): string | undefined {
  if (!account.active) return "the user is not active";
  if (account.locked) return "the user is locked; an administrator can unlock it";
  if (account.validFrom !== undefined && now < account.validFrom) return "the user is not valid yet";
  if (account.validTo !== undefined && now > account.validTo) return "the user has expired";
  return undefined;
}

/** The `privileges` member of a USER or USRG body: known privilege names. */
export function privilegesOf(body: Record<string, unknown>): Privilege[] {
  const list = body["privileges"];
  if (!Array.isArray(list)) return [];
  return PRIVILEGES.filter((p) => list.some((v) => typeof v === "string" && v.toUpperCase() === p));
}

function flag(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null || value === "") return fallback;
  return value === true || value === 1 || value === "1" || value === "true";
}

/** A date (whole day, inclusive) or date-time; unreadable values are ignored. */
function time(value: unknown, edge: "start" | "end"): number | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const text = value.trim();
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const parsed = Date.parse(dateOnly ? `${text}T${edge === "start" ? "00:00:00.000" : "23:59:59.999"}Z` : text);
  return Number.isNaN(parsed) ? undefined : parsed;
}
