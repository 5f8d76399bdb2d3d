import { useCallback, useMemo, useSyncExternalStore } from "react";
import type { OutSession } from "@baton/contract";

/** The part of the Web Storage API the console uses; tests hand in their own. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** localStorage, or null where the browser refuses it (privacy modes throw on access). */
export function browserStorage(): KeyValueStore | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The storage key of a per-user setting: one person may log into several clients, and several
 * people may share a browser. Users are named as they log in, USER/DEPARTMENT.
 */
export function userStorageKey(purpose: string, session: Pick<OutSession, "client" | "user" | "department">): string {
  return `baton.${purpose}.${session.client}.${session.user}/${session.department}`;
}

function parseJson(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return value;
  } catch {
    return undefined;
  }
}

/** The stored value checked by `parse`, which also supplies the default for a missing or broken one. */
export function readStored<T>(store: KeyValueStore | null, key: string, parse: (value: unknown) => T): T {
  return parse(parseJson(store?.getItem(key) ?? null));
}

/** False when the browser would not keep it (storage full or off); the caller tells the user. */
export function writeStored(store: KeyValueStore | null, key: string, value: unknown): boolean {
  if (store === null) return false;
  try {
    store.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

const localListeners = new Set<() => void>();
/**
 * The latest value set in this tab, per key: what the page shows even when the browser would not
 * store it (privacy modes, full storage), until the next reload.
 */
const latest = new Map<string, string>();

function subscribe(listener: () => void): () => void {
  // Another tab of the console changed a value: from now on storage has the latest one.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null) latest.clear();
    else latest.delete(event.key);
    listener();
  };
  localListeners.add(listener);
  window.addEventListener("storage", onStorage);
  return () => {
    localListeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * A value kept in localStorage, shared by every component (and tab) that reads the same key.
 * `parse` must be a stable function (declared at module level). The setter answers false when
 * the browser would not keep the value; the page still shows it until it is reloaded.
 */
export function useStoredValue<T>(key: string, parse: (value: unknown) => T): [T, (value: T) => boolean] {
  const raw = useSyncExternalStore(
    subscribe,
    () => latest.get(key) ?? browserStorage()?.getItem(key) ?? null,
    () => null,
  );
  const value = useMemo(() => parse(parseJson(raw)), [raw, parse]);
  const setValue = useCallback(
    (next: T) => {
      latest.set(key, JSON.stringify(next));
      const stored = writeStored(browserStorage(), key, next);
      for (const listener of localListeners) listener();
      return stored;
    },
    [key],
  );
  return [value, setValue];
}
