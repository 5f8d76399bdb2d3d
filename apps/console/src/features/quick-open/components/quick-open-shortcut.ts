import { useEffect } from "react";

/** Whether the browser runs on a Mac, where the shortcut is written with ⌘. */
function onMac(): boolean {
  return typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.userAgent);
}

/** The shortcut as the app bar shows it: ⌘ K on a Mac, Ctrl K elsewhere (both keys work everywhere). */
export function shortcutText(): string {
  return onMac() ? "⌘ K" : "Ctrl K";
}

/** The shortcut for assistive technology (aria-keyshortcuts). */
export const SHORTCUT_KEYS = "Control+K Meta+K";

/**
 * Opens quick-open on Ctrl-K or Cmd-K from anywhere in the console. The browser's own use of the
 * keys (the address bar's search) gives way; a key an editor has already handled (it prevented
 * the default) is left to it.
 */
export function useQuickOpenShortcut(open: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.shiftKey || !(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== "k") return;
      event.preventDefault();
      open();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [open]);
}
