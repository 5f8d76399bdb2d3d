import { useEffect, useState } from "react";
import { useNotLiveSince } from "./event-stream";

/** The current time in ms, re-read every `intervalMs` while `enabled` (for running clocks). */
export function useNow(intervalMs: number, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, enabled]);
  return now;
}

/**
 * The time to read the server's data at (running times, countdowns, "12 s ago"): like useNow
 * while the console is live; while it is not, the moment it stopped being live, so that a run
 * the console heard nothing of since does not look as if it ran on.
 */
export function useDataNow(intervalMs: number, enabled = true): number {
  const notLiveSince = useNotLiveSince();
  const now = useNow(intervalMs, enabled && notLiveSince === null);
  return notLiveSince === null ? now : Math.min(now, notLiveSince);
}
