/**
 * Privileges: rights per functional area, granted to users and groups by name in the `privileges`
 * member of USER and USRG objects (docs/object-format.md).
 */
export const PRIVILEGES = [
  "SYSTEM_OVERVIEW",
  "SYSTEM_ADMINISTRATION",
  "AGENTS",
  "FORECASTS",
  "REPOSITORY",
  "SCRIPTS",
  "SEARCH",
  "PRODUCT_USAGE",
  "USER_ADMINISTRATION",
] as const;
export type Privilege = (typeof PRIVILEGES)[number];

/**
 * Bits of `bitcode` in object authorization entries (`authorizations` of USER and USRG objects).
 * An entry with `auth_group` 0 is a prohibition of its bits and wins over every grant.
 */
export const Right = {
  READ: 1,
  WRITE: 2,
  EXECUTE: 4,
  DELETE: 8,
  /** Cancel and restart executions. */
  CANCEL: 16,
  /** See executions (statistics) and their reports. */
  STATISTICS: 32,
} as const;
export type RightBit = (typeof Right)[keyof typeof Right];

export const ALL_RIGHTS = Object.values(Right).reduce((all, bit) => all | bit, 0);

export const RIGHT_NAMES: Readonly<Record<RightBit, string>> = {
  1: "read",
  2: "write",
  4: "execute",
  8: "delete",
  16: "cancel/restart",
  32: "statistics/reports",
};
