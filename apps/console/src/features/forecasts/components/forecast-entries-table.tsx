import { useMemo } from "react";
import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import type { OutForecastEntry } from "@baton/contract";
import { DateTime } from "../../../components/date-time";
import { SegmentedText } from "../../../components/segmented-text";
import { durationInParts, formatDuration } from "../../../lib/format";
import { blockedEntryTexts } from "./blocked-entries";
import { buildGanttRows } from "./gantt-rows";

/**
 * The entries as a table, in the timeline's order and indentation, with every field the server
 * gives. Its nine columns fit beside the navigation at 1280 px: narrow padding, names broken
 * before their dots, times and durations on two lines rather than a wider table. A task behind
 * a blocked task says what it waits for where its times would be.
 */
export function ForecastEntriesTable({ entries }: { entries: readonly OutForecastEntry[] }) {
  const { rows } = useMemo(() => buildGanttRows(entries), [entries]);
  const blocked = useMemo(() => blockedEntryTexts(entries), [entries]);
  return (
    <Box sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label="Forecast entries" sx={{ "& th, & td": { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Estimated start</TableCell>
            <TableCell>Estimated end</TableCell>
            <TableCell>Runtime</TableCell>
            <TableCell>Agent</TableCell>
            <TableCell>Platform</TableCell>
            <TableCell>Login</TableCell>
            <TableCell>Status when forecast</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ entry, depth }) => {
            const text = blocked.get(entry.id);
            // Names in it break before their dots, as in the Name column.
            const note = text === undefined ? undefined : <SegmentedText text={text} separator="." />;
            return (
              <TableRow key={entry.id}>
                <TableCell sx={{ pl: 1 + depth * 2, minWidth: 140 }}>
                  <Link component={RouterLink} to={`/objects/${encodeURIComponent(entry.name)}`}>
                    <SegmentedText text={entry.name} separator="." />
                  </Link>
                </TableCell>
                <TableCell>{entry.type}</TableCell>
                {note !== undefined && entry.estimated_start === undefined ? (
                  <TableCell colSpan={2}>{note}</TableCell>
                ) : (
                  <>
                    <TableCell>
                      <DateTime value={entry.estimated_start} />
                    </TableCell>
                    <TableCell>{note ?? <DateTime value={entry.estimated_end} />}</TableCell>
                  </>
                )}
                <TableCell>{durationInParts(formatDuration(entry.estimated_runtime))}</TableCell>
                <TableCell>{[entry.agent_source, entry.agent_destination].filter(Boolean).join(" → ") || "—"}</TableCell>
                <TableCell>{entry.platform_destination ?? "—"}</TableCell>
                <TableCell>{[entry.login_source, entry.login_destination].filter(Boolean).join(" → ") || "—"}</TableCell>
                <TableCell>{entry.status ? `${entry.status} ${entry.status_text ?? ""}` : "—"}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
