import { useMemo } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { OutForecastAgent } from "@baton/contract";
import { formatDuration } from "../../../lib/format";
import { buildAgentLanes, type AgentLane, type LaneSegment } from "./agent-lanes";
import type { TimeRange } from "./gantt-rows";
import { spanText } from "./span-text";
import { AXIS_HEIGHT } from "./time-axis";
import { TimelineFrame } from "./timeline-frame";

const LANE_HEIGHT = 40;
const NAME_WIDTH = 220;

function segmentLabel(agent: string, segment: LaneSegment): string {
  const what = segment.kind === "gap" ? `Gap on ${agent}` : `Busy on ${agent}`;
  const text = spanText(what, segment.start, segment.end);
  return segment.duration ? `${text}, ${segment.duration}` : text;
}

/**
 * Where a span is drawn. Gaps are inset a pixel on each side so that their outline never covers
 * the busy span next to them; busy spans are at least 3 px wide, so that a few minutes of work in
 * a day stay visible.
 */
function segmentBox(segment: LaneSegment, width: number): { x: number; w: number } {
  const x = segment.x0 * width;
  const w = (segment.x1 - segment.x0) * width;
  if (segment.kind === "gap") return w > 3 ? { x: x + 1, w: w - 2 } : { x, w: Math.max(1, w) };
  return w >= 3 ? { x, w } : { x: x + w / 2 - 1.5, w: 3 };
}

function Lane({ lane, index, width }: { lane: AgentLane; index: number; width: number }) {
  const y = AXIS_HEIGHT + index * LANE_HEIGHT + 8;
  return (
    <g role="list" aria-label={`Agent ${lane.agent}`}>
      {lane.segments.map((segment) => {
        const label = segmentLabel(lane.agent, segment);
        const gap = segment.kind === "gap";
        const { x, w } = segmentBox(segment, width);
        return (
          <g key={segment.start} role="listitem" aria-label={label}>
            <title>{label}</title>
            <rect
              x={x}
              y={y}
              width={w}
              height={LANE_HEIGHT - 16}
              fill={gap ? "var(--mui-palette-success-light)" : "var(--mui-palette-grey-600)"}
              // Gaps are outlined and every span names its kind, so the two never differ by colour alone.
              stroke={gap ? "var(--mui-palette-success-dark)" : "none"}
            />
          </g>
        );
      })}
    </g>
  );
}

function LaneName({ lane }: { lane: AgentLane }) {
  return (
    <Box sx={{ height: LANE_HEIGHT, display: "flex", flexDirection: "column", justifyContent: "center", minWidth: 0 }}>
      <Typography noWrap sx={{ fontWeight: 600, fontSize: "0.9rem" }}>
        {lane.agent}
      </Typography>
      <Typography noWrap variant="caption" color="text.secondary">
        {lane.free > 0 ? `${formatDuration(lane.free / 1000)} free` : "No gap"}
      </Typography>
    </Box>
  );
}

/** One lane per agent over the range: gaps green with a border, busy time grey; every span names its times on hover. */
export function AgentLanesChart({ agents, range }: { agents: readonly OutForecastAgent[]; range: TimeRange }) {
  const lanes = useMemo(() => buildAgentLanes(agents, range), [agents, range]);
  const renderName = (index: number) => {
    const lane = lanes[index];
    return lane ? <LaneName lane={lane} /> : null;
  };
  const renderRow = (index: number, width: number) => {
    const lane = lanes[index];
    return lane ? <Lane key={lane.agent} lane={lane} index={index} width={width} /> : null;
  };
  return <TimelineFrame label="Agent gaps" range={range} nameWidth={NAME_WIDTH} rowCount={lanes.length} rowHeight={LANE_HEIGHT} renderName={renderName} renderRow={renderRow} />;
}
