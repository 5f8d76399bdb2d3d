import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { OutRASolution } from "@baton/contract";
import { DateTime } from "../../../components/date-time";
import type { Refusal } from "../../../lib/permissions";
import { RA_STATUS_WORDS } from "./ra-solution-state";
import { RaSolutionInstall } from "./ra-solution-install";
import { StateWord } from "./status-word";

const TONES = { installed: "good", update_available: "warning", uploaded: "neutral" } as const;

/** One row per solution: what it is, its state in words, what is installed, and installing a version (off, described by `refusal`, with one). */
export function RaSolutionsTable({ solutions, refusal }: { solutions: readonly OutRASolution[]; refusal: Refusal | undefined }) {
  return (
    <Table size="small" aria-label="RA solutions">
      <TableHead>
        <TableRow>
          <TableCell>Solution</TableCell>
          <TableCell>State</TableCell>
          <TableCell>Installed</TableCell>
          <TableCell>Uploaded versions</TableCell>
          <TableCell align="right">Install</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {solutions.map((solution) => (
          <TableRow key={solution.name} hover>
            <TableCell component="th" scope="row">
              <Typography sx={{ fontWeight: 500 }}>{solution.name}</Typography>
              {solution.title ? <Typography variant="body2">{solution.title}</Typography> : null}
              {solution.description ? (
                <Typography variant="body2" color="text.secondary">
                  {solution.description}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell>
              <StateWord tone={TONES[solution.status]}>{RA_STATUS_WORDS[solution.status]}</StateWord>
            </TableCell>
            <TableCell>
              {solution.installed_version === null ? (
                "Not installed"
              ) : (
                <>
                  Version {solution.installed_version}
                  <Typography variant="body2" color="text.secondary">
                    <DateTime value={solution.installed_at ?? undefined} short />
                    {solution.installed_by ? ` by ${solution.installed_by}` : ""}
                  </Typography>
                </>
              )}
            </TableCell>
            <TableCell>{solution.uploaded_versions.join(", ")}</TableCell>
            <TableCell align="right">
              <RaSolutionInstall solution={solution} refusal={refusal} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
