import type { TimeRange } from "./gantt-rows";
import { timeTicks } from "./time-ticks";

export const AXIS_HEIGHT = 28;

/** Tick labels along the top and grid lines down through `height` (SVG, inside the chart's <svg>). */
export function TimeAxis({ range, width, height }: { range: TimeRange; width: number; height: number }) {
  return (
    <g aria-hidden>
      {timeTicks(range, width).map((tick) => (
        <g key={tick.at} transform={`translate(${tick.x * width},0)`}>
          <line y1={AXIS_HEIGHT - 6} y2={height} stroke="var(--mui-palette-divider)" />
          <text x={3} y={AXIS_HEIGHT - 10} fontSize={11} fill="var(--mui-palette-text-secondary)">
            {tick.label}
          </text>
        </g>
      ))}
    </g>
  );
}
