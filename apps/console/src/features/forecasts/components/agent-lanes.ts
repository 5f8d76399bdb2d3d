import type { OutForecastAgent } from "@baton/contract";
import type { TimeRange } from "./gantt-rows";

export interface LaneSegment {
  /** `gap`: a span the server answered; `busy`: the rest of the range (work, or a gap below the minimum). */
  kind: "gap" | "busy";
  start: number;
  end: number;
  /** Fractions (0…1) of the range. */
  x0: number;
  x1: number;
  /** The server's ISO 8601 duration of a gap. */
  duration?: string;
}

export interface AgentLane {
  agent: string;
  segments: LaneSegment[];
  /** Sum of the gaps in milliseconds. */
  free: number;
}

/**
 * One lane per agent over [start, end]: the gaps the server answered (cut to the range, merged
 * where they touch or overlap) and busy segments filling what lies between them.
 */
export function buildAgentLanes(agents: readonly OutForecastAgent[], range: TimeRange): AgentLane[] {
  const width = Math.max(range.end - range.start, 1);
  const place = (kind: LaneSegment["kind"], start: number, end: number, duration?: string): LaneSegment => ({
    kind,
    start,
    end,
    x0: (start - range.start) / width,
    x1: (end - range.start) / width,
    ...(duration === undefined ? {} : { duration }),
  });
  return agents.map(({ agent, slots }) => {
    const gaps = slots
      .map((slot) => ({ start: Math.max(Date.parse(slot.from), range.start), end: Math.min(Date.parse(slot.to), range.end), duration: slot.duration }))
      .filter((gap) => !Number.isNaN(gap.start) && !Number.isNaN(gap.end) && gap.end > gap.start)
      .sort((a, b) => a.start - b.start);
    const segments: LaneSegment[] = [];
    let cursor = range.start;
    for (const gap of gaps) {
      const last = segments.at(-1);
      if (last?.kind === "gap" && gap.start <= last.end) {
        // Overlapping answers are one free span; its duration is no longer the server's.
        segments[segments.length - 1] = place("gap", last.start, Math.max(last.end, gap.end));
      } else {
        if (gap.start > cursor) segments.push(place("busy", cursor, gap.start));
        segments.push(place("gap", gap.start, gap.end, gap.duration));
      }
      cursor = Math.max(cursor, gap.end);
    }
    if (cursor < range.end) segments.push(place("busy", cursor, range.end));
    const free = segments.reduce((sum, s) => (s.kind === "gap" ? sum + s.end - s.start : sum), 0);
    return { agent, segments, free };
  });
}
