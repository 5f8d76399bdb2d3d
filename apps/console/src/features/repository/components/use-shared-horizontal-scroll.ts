import { useEffect, type RefObject } from "react";

/** The element of a CodeMirror view that scrolls its lines sideways. */
const SCROLLER = ".cm-scroller";

/**
 * Keeps the sideways scroll of the CodeMirror panes under `hostRef` together, so that panes
 * compared side by side show the same columns of a long line. One listener on the host sees the
 * scroll of every pane (scroll events do not bubble, but they are captured), panes made anew after
 * it was added included.
 */
export function useSharedHorizontalScroll(hostRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const host = hostRef.current;
    if (host === null) return;
    // Each pane's scrollLeft as last seen or set from here. A scroll that leaves it as it was is
    // a vertical one, or the echo of setting it: a pane with shorter lines stops at its own end,
    // and must not pull the others back to it.
    const known = new WeakMap<Element, number>();
    const follow = (event: Event) => {
      const source = event.target;
      if (!(source instanceof HTMLElement) || !source.matches(SCROLLER)) return;
      const left = source.scrollLeft;
      if (left === (known.get(source) ?? 0)) return;
      known.set(source, left);
      for (const pane of host.querySelectorAll<HTMLElement>(SCROLLER)) {
        if (pane === source) continue;
        pane.scrollLeft = left;
        known.set(pane, pane.scrollLeft);
      }
    };
    host.addEventListener("scroll", follow, { capture: true, passive: true });
    return () => host.removeEventListener("scroll", follow, { capture: true });
  }, [hostRef]);
}
