import type { ReactNode } from "react";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import ErrorOutline from "@mui/icons-material/ErrorOutline";
import { describeError } from "../../../lib/describe-error";
import type { ListRowActions } from "./execution-list-rows";
import { C, INDENT_PX } from "./executions-table-styles";
import { summarize, summaryText } from "./fan-out-summary";
import type { TreeRow } from "./tree-rows";

/** What a row that is not an execution says under its parent: loading, more to load, counts, an error. */
function noteContent(row: Exclude<TreeRow, { kind: "task" }>, actions: ListRowActions): ReactNode {
  switch (row.kind) {
    case "loading":
      return (
        <>
          <CircularProgress size={16} aria-hidden />
          Loading the children…
        </>
      );
    case "more":
      return (
        <Button size="small" loading={row.loading} onClick={() => actions.loadMore(row.parentRunId)}>
          Load more ({row.loaded.toLocaleString("en-US")} of {row.total.toLocaleString("en-US")} shown)
        </Button>
      );
    case "fan-out":
      return (
        <>
          {summaryText(summarize(row.children))}
          <Button size="small" onClick={() => actions.list(row.parentRunId)} aria-label={`List the children of ${row.parentRunId}`}>
            List them
          </Button>
        </>
      );
    case "error": {
      const problem = describeError(row.error);
      return (
        <>
          <ErrorOutline color="error" fontSize="small" titleAccess="Error" />
          <span title={[problem.title, problem.hint].filter(Boolean).join(" ")}>Could not load the children: {problem.title}</span>
          <Button size="small" onClick={() => actions.retry(row.parentRunId)}>
            Try again
          </Button>
        </>
      );
    }
    case "empty":
      return "No children.";
    case "planned":
      return `${row.task.name} (line ${row.task.line}): not started`;
  }
}

/** A row under an expanded run that is not one of its children, across the whole width. */
export function NoteRow({ row, index, colSpan, actions }: { row: Exclude<TreeRow, { kind: "task" }>; index: number; colSpan: number; actions: ListRowActions }) {
  return (
    <tr className={C.row} aria-rowindex={index + 2} aria-level={row.depth + 1}>
      <td className={C.cell} colSpan={colSpan}>
        <span className={C.note} style={{ paddingLeft: 44 + row.depth * INDENT_PX }}>
          {noteContent(row, actions)}
        </span>
      </td>
    </tr>
  );
}
