import type { TimeRange } from "./gantt-rows";
import { timeTicks } from "./time-ticks";

export const AXIS_HEIGHT = 28;

/** The part of a chart in view: its left edge and width in px of the chart. */
export interface ChartView {
  left: number;
  width: number;
}

/**
 * Tick labels along the top and grid lines down through `height` (SVG, inside the chart's <svg>),
 * for the part of the chart in `view` only: the steps follow the zoom, and the first tick in view
 * names its date however far the chart is scrolled.
 */
export function TimeAxis({ range, width, height, view }: { range: TimeRange; width: number; height: number; view: ChartView }) {
  const span = Math.max(range.end - range.start, 1);
  const at = (px: number) => range.start + (Math.min(Math.max(px, 0), width) / width) * span;
  const ticks = timeTicks({ start: at(view.left), end: at(view.left + view.width) }, view.width);
  return (
    <g aria-hidden>
      {ticks.map((tick) => (
        <g key={tick.at} transform={`translate(${((tick.at - range.start) / span) * width},0)`}>
          <line y1={AXIS_HEIGHT - 6} y2={height} stroke="var(--mui-palette-divider)" />
          <text x={3} y={AXIS_HEIGHT - 10} fontSize={11} fill="var(--mui-palette-text-secondary)">
            {tick.label}
          </text>
        </g>
      ))}
    </g>
  );
}
