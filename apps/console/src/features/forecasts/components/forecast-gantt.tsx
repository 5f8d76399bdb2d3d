import { useMemo, useState } from "react";
import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import ChevronRight from "@mui/icons-material/ChevronRight";
import ExpandMore from "@mui/icons-material/ExpandMore";
import type { OutForecastEntry } from "@baton/contract";
import { blockedEntryTexts } from "./blocked-entries";
import { buildGanttRows, type GanttRow } from "./gantt-rows";
import { barText, spanText } from "./span-text";
import { AXIS_HEIGHT, type ChartView } from "./time-axis";
import { TimelineFrame } from "./timeline-frame";

const ROW_HEIGHT = 28;
const NAME_WIDTH = 300;

function NameCell({ row, collapsed, onToggle }: { row: GanttRow; collapsed: boolean; onToggle: () => void }) {
  const { entry } = row;
  return (
    <Box sx={{ height: ROW_HEIGHT, display: "flex", alignItems: "center", pl: row.depth * 2, gap: 0.5, minWidth: 0 }}>
      {row.hasChildren ? (
        <IconButton size="small" sx={{ p: 0.25 }} aria-label={`${collapsed ? "Expand" : "Collapse"} ${entry.name}`} aria-expanded={!collapsed} onClick={onToggle}>
          {collapsed ? <ChevronRight fontSize="small" /> : <ExpandMore fontSize="small" />}
        </IconButton>
      ) : (
        <Box sx={{ width: 26, flexShrink: 0 }} />
      )}
      <Link component={RouterLink} to={`/objects/${encodeURIComponent(entry.name)}`} noWrap title={`${entry.name} (${entry.type})`} sx={{ fontSize: "0.85rem", fontWeight: row.hasChildren ? 600 : 400 }}>
        {entry.name}
      </Link>
    </Box>
  );
}

/** Width in px of the text beside a bar, for deciding on which side it fits (11 px digits). */
const textWidth = (text: string) => text.length * 6.4;

/** Where a bar's times are written: beside it, or at the edge of the view it lies beyond (with an arrow towards it). */
function textPlace(x: number, w: number, text: string, width: number, view: ChartView): { x: number; anchor: "start" | "end"; text: string } {
  const room = textWidth(text) + 6;
  if (x + w < view.left) return { x: view.left + 4, anchor: "start", text: `◀ ${text}` };
  if (x > view.left + view.width) return { x: view.left + view.width - 4, anchor: "end", text: `${text} ▶` };
  return x + w + room <= width || x < room ? { x: x + w + 6, anchor: "start", text } : { x: x - 6, anchor: "end", text };
}

function Bar({ row, index, width, view }: { row: GanttRow; index: number; width: number; view: ChartView }) {
  if (!row.bar) return null;
  const label = spanText(row.entry.name, row.bar.start, row.bar.end);
  const x = row.bar.x0 * width;
  const w = Math.max(2, (row.bar.x1 - row.bar.x0) * width);
  const top = AXIS_HEIGHT + index * ROW_HEIGHT;
  // Containers are drawn as thin brackets behind their tasks' bars, tasks as full bars.
  const height = row.hasChildren ? 8 : 16;
  // The times are written beside the bar, so that a task of seconds in a forecast of days still
  // reads: after its end, or before its start when the chart ends first; zoomed in on another
  // time, at the edge of the view, pointing to where the bar is.
  const place = textPlace(x, w, barText(row.bar.start, row.bar.end), width, view);
  return (
    <g role="img" aria-label={label}>
      <title>{label}</title>
      <rect x={x} y={top + (ROW_HEIGHT - height) / 2} width={w} height={height} rx={3} fill={row.hasChildren ? "var(--mui-palette-secondary-main)" : "var(--mui-palette-primary-main)"} />
      <text x={place.x} y={top + ROW_HEIGHT / 2 + 4} textAnchor={place.anchor} fontSize={11} fill="var(--mui-palette-text-secondary)" aria-hidden>
        {place.text}
      </text>
    </g>
  );
}

/** Words in place of a bar, at the left of the view: an entry behind a blocked task, which the forecast gives no time or no end. */
function BlockedNote({ row, text, index, view }: { row: GanttRow; text: string; index: number; view: ChartView }) {
  return (
    <g role="img" aria-label={`${row.entry.name}: ${text}`}>
      <text x={view.left + 4} y={AXIS_HEIGHT + index * ROW_HEIGHT + ROW_HEIGHT / 2 + 4} fontSize={11} fontStyle="italic" fill="var(--mui-palette-text-secondary)" aria-hidden>
        {text}
      </text>
    </g>
  );
}

/**
 * The forecast as a Gantt chart: names in workflow order on the left (links to the objects,
 * containers fold), an ERT bar per entry on the right with its times beside it. The chart spans
 * the tasks (first start to last end); zoom widens it, which then scrolls. An entry behind a
 * blocked task has no bar but says what it waits for.
 */
export function ForecastGantt({ entries }: { entries: readonly OutForecastEntry[] }) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const { rows, range } = useMemo(() => buildGanttRows(entries, collapsed), [entries, collapsed]);
  const blocked = useMemo(() => blockedEntryTexts(entries), [entries]);
  const toggle = (id: number) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const renderName = (index: number) => {
    const row = rows[index];
    return row ? <NameCell row={row} collapsed={collapsed.has(row.entry.id)} onToggle={() => toggle(row.entry.id)} /> : null;
  };
  const renderRow = (index: number, width: number, view: ChartView) => {
    const row = rows[index];
    if (!row) return null;
    const note = row.bar ? undefined : blocked.get(row.entry.id);
    return (
      <g key={row.entry.id}>
        {index % 2 === 1 ? <rect x={0} y={AXIS_HEIGHT + index * ROW_HEIGHT} width={width} height={ROW_HEIGHT} fill="var(--mui-palette-action-hover)" /> : null}
        <Bar row={row} index={index} width={width} view={view} />
        {note === undefined ? null : <BlockedNote row={row} text={note} index={index} view={view} />}
      </g>
    );
  };
  return <TimelineFrame label="Forecast timeline" range={range} nameWidth={NAME_WIDTH} rowCount={rows.length} rowHeight={ROW_HEIGHT} renderName={renderName} renderRow={renderRow} />;
}
