import { describe, expect, it } from "vitest";
import { readStored, userStorageKey, writeStored, type KeyValueStore } from "../../../lib/stored-value";
import { SAVED_FILTERS_PURPOSE, hasSavedFilter, parseSavedFilters, withSavedFilter, withoutSavedFilter } from "./saved-filters";

/** localStorage as the browser has it: strings under keys. */
function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
}

describe("saved filters", () => {
  it("are kept per client and user", () => {
    const store = memoryStore();
    const ops = userStorageKey(SAVED_FILTERS_PURPOSE, { client: 100, user: "OPS", department: "NIGHT" });
    const admin = userStorageKey(SAVED_FILTERS_PURPOSE, { client: 100, user: "ADMIN", department: "ADMIN" });
    const otherClient = userStorageKey(SAVED_FILTERS_PURPOSE, { client: 200, user: "OPS", department: "NIGHT" });
    expect(new Set([ops, admin, otherClient]).size).toBe(3);

    expect(writeStored(store, ops, withSavedFilter([], "Aborted tonight", "status=ANY_ABEND"))).toBe(true);
    expect(readStored(store, ops, parseSavedFilters)).toEqual([{ name: "Aborted tonight", search: "status=ANY_ABEND" }]);
    expect(readStored(store, admin, parseSavedFilters)).toEqual([]);
    expect(readStored(store, otherClient, parseSavedFilters)).toEqual([]);
  });

  it("replace a filter of the same name, sorted by name", () => {
    let filters = withSavedFilter([], "Nightly", "name=NIGHTLY.*");
    filters = withSavedFilter(filters, "aborted", "status=ANY_ABEND");
    filters = withSavedFilter(filters, " nightly ", "name=NIGHTLY.*&status=ANY_OK");
    expect(filters).toEqual([
      { name: "aborted", search: "status=ANY_ABEND" },
      { name: "nightly", search: "name=NIGHTLY.*&status=ANY_OK" },
    ]);
    expect(hasSavedFilter(filters, "NIGHTLY")).toBe(true);
    expect(withoutSavedFilter(filters, "Nightly")).toEqual([{ name: "aborted", search: "status=ANY_ABEND" }]);
  });

  it("survive broken storage: not JSON, not a list, entries without a name", () => {
    const store = memoryStore();
    store.setItem("a", "{not json");
    store.setItem("b", JSON.stringify({ name: "x" }));
    store.setItem("c", JSON.stringify([{ name: "ok", search: "" }, { name: " ", search: "x" }, { search: "y" }, 3, null]));
    expect(readStored(store, "a", parseSavedFilters)).toEqual([]);
    expect(readStored(store, "b", parseSavedFilters)).toEqual([]);
    expect(readStored(store, "c", parseSavedFilters)).toEqual([{ name: "ok", search: "" }]);
    expect(readStored(null, "c", parseSavedFilters)).toEqual([]);
  });

  it("report a browser that refuses to store", () => {
    const full: KeyValueStore = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    };
    expect(writeStored(full, "k", [])).toBe(false);
    expect(writeStored(null, "k", [])).toBe(false);
  });
});
