import { useRef, useState, type ReactNode } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import Box from "@mui/material/Box";
import type { TimeRange } from "./gantt-rows";
import { AXIS_HEIGHT, TimeAxis, type ChartView } from "./time-axis";
import { useElementWidth } from "./use-element-width";
import { useZoom } from "./use-zoom";
import { ZoomControls } from "./zoom-controls";

interface TimelineFrameProps {
  /** The region's accessible name. */
  label: string;
  range: TimeRange | null;
  /** Names column width in px. */
  nameWidth: number;
  rowCount: number;
  rowHeight: number;
  /** The name of row `index`, drawn in a box one row high. */
  renderName: (index: number) => ReactNode;
  /** The SVG content of row `index` for a chart `width` px wide of which `view` is in sight, at y = AXIS_HEIGHT + index × rowHeight. */
  renderRow: (index: number, width: number, view: ChartView) => ReactNode;
}

/**
 * The frame both timelines share: zoom controls, names on the left, and on the right an SVG with a
 * time axis whose width follows the page and the zoom (scrolling sideways when zoomed in; the
 * axis's steps follow the zoom). Names
 * and chart scroll up and down together, and only the rows in view are drawn, so a forecast of
 * thousands of entries keeps a few dozen in the page.
 */
export function TimelineFrame({ label, range, nameWidth, rowCount, rowHeight, renderName, renderRow }: TimelineFrameProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<HTMLDivElement>(null);
  const zoom = useZoom(chartRef);
  const viewWidth = useElementWidth(chartRef);
  const width = viewWidth * zoom.zoom;
  // Where the chart is scrolled to: the axis draws the ticks of the part in view.
  const [left, setLeft] = useState(0);
  const view: ChartView = { left, width: viewWidth };
  const height = AXIS_HEIGHT + rowCount * rowHeight;
  const virtualizer = useVirtualizer({ count: rowCount, getScrollElement: () => scrollRef.current, estimateSize: () => rowHeight, paddingStart: AXIS_HEIGHT, overscan: 10 });
  const visible = virtualizer.getVirtualItems();
  return (
    <Box role="region" aria-label={label}>
      <Box sx={{ mb: 1 }}>
        <ZoomControls zoom={zoom} />
      </Box>
      <Box ref={scrollRef} sx={{ display: "flex", maxHeight: "70vh", overflowY: "auto", border: 1, borderColor: "divider", borderRadius: 1 }}>
        <Box sx={{ width: nameWidth, flexShrink: 0, borderRight: 1, borderColor: "divider", position: "relative", height }}>
          {visible.map((item) => (
            <Box key={item.key} sx={{ position: "absolute", top: item.start, left: 0, right: 0, height: rowHeight, px: 1 }}>
              {renderName(item.index)}
            </Box>
          ))}
        </Box>
        <Box ref={chartRef} onScroll={(event) => setLeft(event.currentTarget.scrollLeft)} sx={{ flex: 1, minWidth: 0, overflowX: "auto", overflowY: "hidden" }}>
          <svg width={width} height={height}>
            {range ? <TimeAxis range={range} width={width} height={height} view={view} /> : null}
            {visible.map((item) => renderRow(item.index, width, view))}
          </svg>
        </Box>
      </Box>
    </Box>
  );
}
