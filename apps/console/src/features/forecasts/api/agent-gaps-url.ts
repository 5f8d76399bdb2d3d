import { ISO_DURATION_PATTERN } from "@baton/contract";
import { toUtcParam } from "../../../lib/date-input";

/** What the agent gaps page shows, as its URL holds it: `?from=…Z&to=…Z&min=PT1H`. */
export interface AgentGapsRange {
  /** UTC `YYYY-MM-DDThh:mm:ssZ`. */
  from: string;
  to: string;
  /** ISO 8601 duration; "" for every gap. */
  min: string;
}

/** The choices next to "custom"; one hour is the default. */
export const MIN_DURATION_CHOICES = [
  { value: "PT15M", label: "15 min" },
  { value: "PT1H", label: "1 h" },
  { value: "PT4H", label: "4 h" },
] as const;
export const DEFAULT_MIN_DURATION = "PT1H";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

function utcParam(value: string | null): string | null {
  if (value === null) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : toUtcParam(new Date(ms));
}

/**
 * The range of the URL; a missing or unreadable bound falls back to the day from the current hour
 * (`to` a day after `from`). A missing `min` is one hour; `min=` (empty) shows every gap.
 */
export function agentGapsFromSearch(params: URLSearchParams, now: number): AgentGapsRange {
  const from = utcParam(params.get("from")) ?? toUtcParam(new Date(Math.floor(now / HOUR_MS) * HOUR_MS));
  const to = utcParam(params.get("to")) ?? toUtcParam(new Date(Date.parse(from) + DAY_MS));
  return { from, to, min: params.get("min") ?? DEFAULT_MIN_DURATION };
}

export function agentGapsToSearch(range: AgentGapsRange): URLSearchParams {
  return new URLSearchParams({ from: range.from, to: range.to, min: range.min });
}

/** The console reads a custom duration before asking, so a typo is named next to the field. */
export function isIsoDuration(value: string): boolean {
  return ISO_DURATION_PATTERN.test(value);
}
