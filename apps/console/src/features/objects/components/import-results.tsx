import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip, { type ChipProps } from "@mui/material/Chip";
import { displayFolder } from "../api/folder-path";
import { isExecutable } from "../api/object-file";
import { resultsSummary, type ImportOutcome, type ResultRow } from "../api/import-outcome";
import { ExecuteButton } from "./execute-button";
import { ImportTable, Reasons } from "./import-table";

const OUTCOME: Record<ImportOutcome, { label: string; color: ChipProps["color"] }> = {
  written: { label: "Written", color: "success" },
  skipped: { label: "Skipped", color: "warning" },
  failed: { label: "Failed", color: "error" },
};

/** Failed and skipped objects are listed first: they are what the operator has to act on. */
const ORDER: readonly ImportOutcome[] = ["failed", "skipped", "written"];

/** What became of each object of the drop: written (created, replaced or kept), skipped, or failed with the reason. */
export function ImportResults({ folder, results, onDone }: { folder: string; results: readonly ResultRow[]; onDone: () => void }) {
  const summary = resultsSummary(results);
  return (
    <Box component="section" aria-label="Import results" sx={{ mt: 2 }}>
      <Alert
        severity={summary.severity}
        action={
          <Button color="inherit" size="small" onClick={onDone}>
            Clear results
          </Button>
        }
      >
        Imported into {displayFolder(folder)}: {summary.text}
      </Alert>
      <Box sx={{ mt: 1.5 }}>
        <ImportTable
          label="Import results per object"
          headers={["Result", "Reason", "Actions"]}
          done
          rows={ORDER.flatMap((outcome) => results.filter((row) => row.outcome === outcome)).map((row) => ({
            row: row.outcome === "written" ? row : stayed(row),
            linked: row.outcome === "written",
            cells: [
              <Chip key="o" size="small" variant="outlined" label={row.written === undefined ? OUTCOME[row.outcome].label : `${OUTCOME[row.outcome].label}: ${row.written}`} color={OUTCOME[row.outcome].color} />,
              <Reasons key="r" reasons={row.reasons} />,
              row.outcome === "written" && isExecutable(row.type) ? <ExecuteButton key="x" objectName={row.name} size="small" variant="outlined" /> : null,
            ],
          }))}
        />
      </Box>
    </Box>
  );
}

/** A row the import did not write: its object stayed where it was. */
function stayed({ movedFrom: _, ...row }: ResultRow): ResultRow {
  return row;
}
