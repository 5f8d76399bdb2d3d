import { isRecord, type Privilege, RIGHT_NAMES, type RightBit, wildcardRegExp } from "@baton/contract";

/** One object authorization entry of a user or group. */
export interface AuthorizationEntry {
  /** Object type pattern (`*` and `?` wildcards), e.g. JOBS or `*`. */
  objectType: string;
  /** Object name pattern (`*` and `?` wildcards). */
  objectName: string;
  bitcode: number;
  /** A prohibition of its bits (auth_group 0); prohibitions win over grants. */
  prohibits: boolean;
}

/** What a user may do: the union of its own and its groups' rights. */
export interface Rights {
  privileges: ReadonlySet<Privilege>;
  authorizations: readonly AuthorizationEntry[];
}

/**
 * The types an entry may name to reach something: an object's own, or for a period container
 * either C_PERIOD or the type of the object it activates.
 */
export type RightsTypes = string | readonly string[];

/** The rights patterns read as the execution list reads its filters (`*`, `?`, A-Z in either case). */
function matches(entry: AuthorizationEntry, objectTypes: RightsTypes, objectName: string): boolean {
  const type = wildcardRegExp(entry.objectType);
  return (typeof objectTypes === "string" ? type.test(objectTypes) : objectTypes.some((t) => type.test(t))) && wildcardRegExp(entry.objectName).test(objectName);
}

/** Whether the rights allow `right` on an object: some grant has the bit and no prohibition has it. */
export function allows(rights: Rights, right: RightBit, objectTypes: RightsTypes, objectName: string): boolean {
  let granted = false;
  for (const entry of rights.authorizations) {
    if ((entry.bitcode & right) === 0 || !matches(entry, objectTypes, objectName)) continue;
    if (entry.prohibits) return false;
    granted = true;
  }
  return granted;
}

/** Patterns to filter a list by in the database: none → all allowed; grants empty → nothing. */
export interface AccessFilter {
  grants: { objectType: string; objectName: string }[];
  prohibitions: { objectType: string; objectName: string }[];
}

/**
 * The filter a list applies for `right`: null when a grant covers everything and nothing is
 * prohibited, so the query needs no condition.
 */
export function accessFilter(rights: Rights, right: RightBit): AccessFilter | null {
  const relevant = rights.authorizations.filter((e) => (e.bitcode & right) !== 0);
  const grants = relevant.filter((e) => !e.prohibits).map(({ objectType, objectName }) => ({ objectType, objectName }));
  const prohibitions = relevant.filter((e) => e.prohibits).map(({ objectType, objectName }) => ({ objectType, objectName }));
  if (prohibitions.length === 0 && grants.some((g) => g.objectType === "*" && g.objectName === "*")) return null;
  return { grants, prohibitions };
}

/** How a 403 names a missing object right, e.g. "execute on JOBS 'NIGHTLY.BACKUP'" or "cancel/restart on C_PERIOD or JOBS 'X'". */
export function describeRight(right: RightBit, objectTypes: RightsTypes, objectName: string): string {
  return `${RIGHT_NAMES[right]} on ${typeof objectTypes === "string" ? objectTypes : objectTypes.join(" or ")} '${objectName}'`;
}

/** Reads the `authorizations` member of a USER or USRG body (spec: user/group authorization entries). */
export function authorizationEntries(body: Record<string, unknown>): AuthorizationEntry[] {
  const entries = body["authorizations"];
  if (!Array.isArray(entries)) return [];
  return entries.filter(isRecord).map((entry) => ({
    objectType: stringOr(entry["filter_object_type"], "*"),
    objectName: stringOr(entry["filter_object_name"], "*"),
    bitcode: Number(entry["bitcode"] ?? 0) | 0,
    prohibits: String(entry["auth_group"] ?? "1") === "0",
  }));
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === "string" && value.trim() !== "" ? value.trim().toUpperCase() : fallback;
}
