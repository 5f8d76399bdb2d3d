/** A filter of the executions list kept under a name: the URL query it stands for. */
export interface SavedFilter {
  name: string;
  /** `name=NIGHTLY.*&status=ANY_ABEND`: the page's query, so filters added later keep working. */
  search: string;
}

export const SAVED_FILTERS_PURPOSE = "executions.saved-filters";

/** What is stored, or nothing when it is missing or not ours; entries that are broken are left out. */
export function parseSavedFilters(value: unknown): SavedFilter[] {
  if (!Array.isArray(value)) return [];
  const filters: SavedFilter[] = [];
  for (const entry of value) {
    if (typeof entry !== "object" || entry === null) continue;
    const fields: ReadonlyMap<string, unknown> = new Map(Object.entries(entry));
    const name = fields.get("name");
    const search = fields.get("search");
    if (typeof name === "string" && name.trim() !== "" && typeof search === "string") filters.push({ name: name.trim(), search });
  }
  return filters;
}

const byName = (a: SavedFilter, b: SavedFilter) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" });
const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: "base" }) === 0;

/** The list with this filter added, or replacing the one of the same name (case does not count). */
export function withSavedFilter(filters: readonly SavedFilter[], name: string, search: string): SavedFilter[] {
  const trimmed = name.trim();
  return [...filters.filter((filter) => !sameName(filter.name, trimmed)), { name: trimmed, search }].sort(byName);
}

export function withoutSavedFilter(filters: readonly SavedFilter[], name: string): SavedFilter[] {
  return filters.filter((filter) => !sameName(filter.name, name));
}

export function hasSavedFilter(filters: readonly SavedFilter[], name: string): boolean {
  return filters.some((filter) => sameName(filter.name, name.trim()));
}
