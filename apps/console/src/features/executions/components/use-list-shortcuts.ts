import { useEffect, useRef } from "react";
import { shortcutFor, type ListAction } from "./list-shortcuts";

/** Listens for the list's keys on the whole page while `enabled`; see list-shortcuts.ts for which and when. */
export function useListShortcuts(onAction: (action: ListAction) => void, enabled: boolean): void {
  // The latest handler without re-subscribing on every render.
  const handler = useRef(onAction);
  useEffect(() => {
    handler.current = onAction;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const action = shortcutFor({ key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, target });
      if (action === null) return;
      event.preventDefault();
      handler.current(action);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [enabled]);
}
