import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { isFinalStatus, type OutExecution } from "@baton/contract";
import { durationInParts, elapsedSeconds, formatDateTime, formatDuration } from "../../../lib/format";
import { executionTypeText } from "../../../lib/execution-type";
import { statusLook } from "./status-label";
import { typeIcon } from "./execution-type-label";
import type { ColumnId } from "./column-choice";
import { C } from "./executions-table-styles";

/** Ended: the engine's runtime. Running: the time since start, counting up. */
export function runtimeText(execution: OutExecution, now: number): string {
  if (isFinalStatus(execution.status) || execution.start_time === undefined) return formatDuration(execution.runtime);
  return formatDuration(elapsedSeconds(execution.start_time, now));
}

export function isRunning(execution: OutExecution): boolean {
  return !isFinalStatus(execution.status) && execution.start_time !== undefined;
}

/**
 * A time as short as a table cell needs it: the time alone today, month and day with hours and
 * minutes on another day of this year, the date alone in another year; the cell's title has it
 * in full. `withSeconds` keeps the seconds of today's times (starts and ends; a plan is to the minute).
 */
export function compactTime(iso: string, today: Date = new Date(), withSeconds = true): string {
  const full = formatDateTime(iso);
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return full;
  if (date.getFullYear() !== today.getFullYear()) return full.slice(0, 10);
  if (date.getMonth() !== today.getMonth() || date.getDate() !== today.getDate()) return full.slice(5, 16);
  return withSeconds ? full.slice(11) : full.slice(11, 16);
}

export interface CellContext {
  href: string;
  now: number;
  /** The run id link is the row's way in; without that column the name link takes its place. */
  runIdShown: boolean;
}

const text = (value: string | number | undefined): ReactNode => (value === undefined || value === "" ? "—" : value);
const runLink = (runId: number | undefined): ReactNode =>
  runId ? (
    <RouterLink className={C.runLink} to={`/executions/${runId}`}>
      {runId}
    </RouterLink>
  ) : (
    "—"
  );

/** A short time ("11-30 19:55", "2027-01-04") that a cell wrapping its words moves to a line of its own whole. */
export function Unbroken({ children }: { children: string }) {
  return <span style={{ whiteSpace: "nowrap" }}>{children}</span>;
}

/** A time, short, with the whole date and time in its title. */
function timeCell(value: string | undefined): ReactNode {
  if (!value) return "—";
  return (
    <time dateTime={value} title={formatDateTime(value)}>
      {compactTime(value)}
    </time>
  );
}

/** The path of MUI's Schedule icon (a clock): drawn inline, as the table draws its checkboxes. */
const CLOCK_PATH = "M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8m.5-13H11v6l5.25 3.15.75-1.23-4.5-2.67z";

/**
 * The start of a run that has not started: when it is planned to (a waiting run's
 * planned_start_time), marked as a plan by a clock and the word, not by colour.
 */
function startCell(e: OutExecution): ReactNode {
  if (e.start_time || !e.planned_start_time) return timeCell(e.start_time);
  return (
    <time className={`${C.muted} ${C.twoLines}`} dateTime={e.planned_start_time} title={`Planned to start ${formatDateTime(e.planned_start_time)}`}>
      <svg className={C.plannedIcon} focusable="false" aria-hidden="true" viewBox="0 0 24 24">
        <path d={CLOCK_PATH} />
      </svg>
      planned <Unbroken>{compactTime(e.planned_start_time, new Date(), false)}</Unbroken>
    </time>
  );
}

/** The end of a blocked run that has not ended: since when it is blocked. */
function endCell(e: OutExecution): ReactNode {
  if (e.end_time || !e.blocked_since) return timeCell(e.end_time);
  return (
    <time className={`${C.muted} ${C.twoLines}`} dateTime={e.blocked_since} title={`Blocked since ${formatDateTime(e.blocked_since)}`}>
      blocked <Unbroken>{compactTime(e.blocked_since, new Date(), false)}</Unbroken>
    </time>
  );
}

/** Status as icon and words (ENDED_NOT_OK, Active): the icon's accessible name is the group, so the state never depends on colour; the code is in the cell's title. */
function statusCell(status: number, words: string): ReactNode {
  const look = statusLook(status);
  return (
    <span className={C.status}>
      {look.icon({ color: look.color, fontSize: "small", titleAccess: look.label, className: C.statusIcon })}
      <span className={C.statusWords}>{words}</span>
    </span>
  );
}

/** What each column's cell shows of an execution. */
export const CELLS: Readonly<Record<ColumnId, (execution: OutExecution, context: CellContext) => ReactNode>> = {
  // The words before " - " (ENDED_NOT_OK, Active) fit the column; the cell's title has the rest.
  status: (e) => statusCell(e.status, e.status_text.split(" - ")[0] || String(e.status)),
  name: (e, { href, runIdShown }) => (
    <RouterLink className={C.nameLink} to={href} tabIndex={runIdShown ? -1 : undefined} title={e.name}>
      {e.name}
    </RouterLink>
  ),
  // The code, as the API and the vendor's own screens name types; the cell's title has the name.
  type: (e) => (
    <span className={C.type}>
      {typeIcon(e.type)({ fontSize: "small", color: "action", "aria-hidden": true })}
      <span>{e.type}</span>
    </span>
  ),
  run_id: (e, { href }) => (
    <RouterLink className={C.runLink} to={href} aria-label={`Execution ${e.run_id}`}>
      {e.run_id}
    </RouterLink>
  ),
  activation_time: (e) => timeCell(e.activation_time),
  start_time: startCell,
  end_time: endCell,
  runtime: (e, { now }) => <span className={C.twoLines}>{durationInParts(runtimeText(e, now))}</span>,
  agent: (e) => text(e.agent),
  platform: (e) => text(e.platform),
  queue: (e) => text(e.queue),
  user: (e) => text(e.user),
  alias: (e) => text(e.alias),
  title: (e) => text(e.title),
  parent: (e) => runLink(e.parent),
  reference_run_id: (e) => runLink(e.reference_run_id),
  archive_key1: (e) => text(e.archive_key1),
  archive_key2: (e) => text(e.archive_key2),
};

/** The title of a cell whose text may be cut: the whole of it. */
export function cellTitle(column: ColumnId, execution: OutExecution): string | undefined {
  if (column === "status") return `${execution.status} ${execution.status_text}`;
  if (column === "type") return executionTypeText(execution.type);
  return undefined;
}
