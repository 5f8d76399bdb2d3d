import { useMemo } from "react";
import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { isFinalStatus, type OutExecution } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { sharedNamePrefix } from "../../../components/workflow-layout";
import { LoadingState } from "../../../components/loading-state";
import { formatDateTime, formatDuration } from "../../../lib/format";
import { monospace } from "../../../lib/theme";
import { useDataNow } from "../../../lib/use-now";
import { useAllChildren } from "../api/use-all-children";
import { ganttModel, type GanttRow, type GanttTick } from "./run-gantt-model";
import { StatusLabel, displayGroup, type DisplayGroup } from "./status-label";

const ROW_HEIGHT = 34;
const COLUMNS = "minmax(160px, 240px) 210px 150px minmax(280px, 1fr)";
/** Space at both ends of the time axis, so a bar or an ERT marker at either end is not cut off. */
const INSET = 1.5;

/** Bar colours by status group; the status is also in words beside the bar, so colour is never all it says. */
const BAR_COLOR: Record<DisplayGroup, string> = {
  ok: "success.main",
  inactive: "grey.400",
  skipped: "grey.400",
  cancel: "error.main",
  fault: "error.main",
  abend: "error.main",
  blocked: "warning.main",
  waiting: "warning.main",
  active: "info.main",
  unknown: "grey.500",
};

const time = (ms: number): string => formatDateTime(new Date(ms).toISOString()).slice(11);
const percent = (fraction: number): string => `${(fraction * 100).toFixed(3)}%`;

/** What the row says in words: the screen reader's and the tooltip's text for the bar. */
export function rowDescription(row: GanttRow): string {
  const parts = [row.execution.name, `line ${row.execution.line_number ?? "?"}`, row.execution.status_text.split(" - ")[0] ?? String(row.execution.status)];
  if (row.start !== undefined) parts.push(`started ${time(row.start)}`, `${row.running ? "running for" : "ran"} ${formatDuration(((row.end ?? row.start) - row.start) / 1000)}`);
  else parts.push("not started");
  parts.push(row.ertSeconds === undefined ? "no ERT (its object had no estimate yet)" : `ERT ${formatDuration(row.ertSeconds)}`);
  return parts.join(", ");
}

function GridLines({ ticks }: { ticks: readonly GanttTick[] }) {
  return (
    <>
      {ticks.map((tick) => (
        <Box key={tick.at} aria-hidden sx={{ position: "absolute", top: 0, bottom: 0, left: percent(tick.x), borderLeft: 1, borderColor: "divider" }} />
      ))}
    </>
  );
}

/** The time axis above the bars: ticks with the time of day. */
function Axis({ ticks }: { ticks: readonly GanttTick[] }) {
  return (
    <Box aria-hidden sx={{ position: "relative", height: 22, mx: INSET }}>
      {/* The last tenth holds no label: it would run past the edge. */}
      {ticks.filter((tick) => tick.x <= 0.9).map((tick) => (
        <Typography key={tick.at} variant="caption" color="text.secondary" sx={{ position: "absolute", left: percent(tick.x), pl: 0.5, whiteSpace: "nowrap", fontFamily: monospace }}>
          {tick.label}
        </Typography>
      ))}
    </Box>
  );
}

function Timeline({ row, ticks }: { row: GanttRow; ticks: readonly GanttTick[] }) {
  const { bar, execution } = row;
  return (
    <Box sx={{ position: "relative", height: ROW_HEIGHT, mx: INSET }}>
      <GridLines ticks={ticks} />
      {bar === undefined ? (
        <Typography variant="body2" color="text.secondary" sx={{ position: "absolute", top: 7, left: 8 }}>
          {execution.planned_start_time ? `Planned start ${formatDateTime(execution.planned_start_time)}` : "Not started"}
        </Typography>
      ) : (
        <Box
          role="img"
          aria-label={rowDescription(row)}
          title={rowDescription(row)}
          sx={{
            position: "absolute",
            top: 9,
            height: 16,
            left: percent(bar.x0),
            width: `max(3px, ${percent(bar.x1 - bar.x0)})`,
            borderRadius: 0.75,
            bgcolor: BAR_COLOR[displayGroup(execution.status)],
            // A running bar is hatched: it still grows.
            backgroundImage: row.running ? "repeating-linear-gradient(135deg, rgba(255,255,255,0.35) 0 6px, transparent 6px 12px)" : undefined,
          }}
        />
      )}
      {row.ertX !== undefined ? (
        <Box
          aria-hidden
          title={`ERT ${formatDuration(row.ertSeconds)}: estimated to end here`}
          sx={{ position: "absolute", top: 4, bottom: 4, left: percent(row.ertX), width: 0, borderLeft: 2, borderStyle: "dashed", borderColor: "text.primary" }}
        />
      ) : null}
    </Box>
  );
}

function RuntimeCell({ row }: { row: GanttRow }) {
  const runtime = row.start === undefined ? "—" : formatDuration(((row.end ?? row.start) - row.start) / 1000);
  return (
    <Typography variant="body2" sx={{ fontFamily: monospace, whiteSpace: "nowrap", textAlign: "right", pr: 1.5 }}>
      {runtime} / {formatDuration(row.ertSeconds)}
    </Typography>
  );
}

function GanttLine({ row, ticks, namePrefix }: { row: GanttRow; ticks: readonly GanttTick[]; namePrefix: string }) {
  const { execution } = row;
  return (
    <Box role="row" aria-label={rowDescription(row)} sx={{ display: "grid", gridTemplateColumns: COLUMNS, alignItems: "center", borderTop: 1, borderColor: "divider", "&:nth-of-type(even)": { bgcolor: "action.hover" } }}>
      <Box role="cell" sx={{ display: "flex", alignItems: "baseline", gap: 0.75, minWidth: 0, px: 1 }}>
        <Link component={RouterLink} to={`/executions/${execution.run_id}`} noWrap title={execution.name} sx={{ fontWeight: 600 }}>
          {execution.name.slice(namePrefix.length)}
        </Link>
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: monospace, flexShrink: 0 }}>
          #{execution.line_number}
        </Typography>
      </Box>
      <Box role="cell" sx={{ minWidth: 0, overflow: "hidden" }}>
        <StatusLabel status={execution.status} text={execution.status_text.split(" - ")[0]} />
      </Box>
      <Box role="cell">
        <RuntimeCell row={row} />
      </Box>
      <Box role="cell">
        <Timeline row={row} ticks={ticks} />
      </Box>
    </Box>
  );
}

/**
 * The run's Gantt (Airflow's Gantt view): every task that ran as a bar from its actual start to its
 * end, running ones growing live, each with its ERT as a dashed marker where it was estimated to
 * end. Beside the graph, which shows the plan; this shows what took the time.
 */
export function RunGantt({ execution }: { execution: OutExecution }) {
  const { query, rows } = useAllChildren(execution.run_id);
  const now = useDataNow(1000, rows.some((r) => !isFinalStatus(r.status) && r.start_time !== undefined));
  const model = useMemo(() => ganttModel(rows, now), [rows, now]);
  const namePrefix = useMemo(() => sharedNamePrefix(model.rows.map((r) => r.execution.name)), [model.rows]);

  if (query.isPending) return <LoadingState label="Loading the tasks of the run…" />;
  if (query.isError && rows.length === 0) return <ErrorAlert error={query.error} context="Could not load the tasks of the workflow" onRetry={() => void query.refetch()} />;
  if (model.rows.length === 0) {
    return (
      <Typography color="text.secondary">
        No task has been activated yet{execution.planned_start_time ? `: the workflow is planned to start ${formatDateTime(execution.planned_start_time)}` : ""}. The Graph tab shows the tasks to come.
      </Typography>
    );
  }
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {namePrefix ? `Task names are shown without the part they all share, ${namePrefix} · ` : ""}
        Each bar runs from a task&apos;s start to its end (hatched while it runs); the dashed line marks where its ERT would have ended it.
        {model.range ? ` From ${formatDateTime(new Date(model.range.from).toISOString())}.` : ""}
      </Typography>
      <Box role="table" aria-label="Task times" sx={{ overflowX: "auto", border: 1, borderColor: "divider", borderRadius: 1 }}>
        <Box role="row" sx={{ display: "grid", gridTemplateColumns: COLUMNS, alignItems: "end", py: 0.5 }}>
          {["Task", "Status", "Runtime / ERT"].map((header) => (
            <Typography key={header} role="columnheader" variant="subtitle2" sx={{ px: 1, textAlign: header === "Runtime / ERT" ? "right" : "left", pr: header === "Runtime / ERT" ? 1.5 : 1 }}>
              {header}
            </Typography>
          ))}
          <Box role="columnheader" aria-label="Time">
            <Axis ticks={model.ticks} />
          </Box>
        </Box>
        {model.rows.map((row) => (
          <GanttLine key={row.execution.run_id} row={row} ticks={model.ticks} namePrefix={namePrefix} />
        ))}
      </Box>
    </Box>
  );
}
