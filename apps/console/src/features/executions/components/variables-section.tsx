import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { monospace } from "../../../lib/theme";
import { useVariables } from "../api/get-variables";

/** The execution's variables (object variables, values passed by :PSET) as name/value rows. */
export function VariablesSection({ runId }: { runId: number }) {
  const variables = useVariables(runId);
  if (variables.isPending) return <LoadingState label="Loading variables…" />;
  if (variables.isError) return <ErrorAlert error={variables.error} context="Could not load the variables" onRetry={() => void variables.refetch()} dense />;
  if (variables.data.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        This execution has no variables.
      </Typography>
    );
  }
  return (
    <Table size="small" aria-label="Variables">
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: "30%" }}>Name</TableCell>
          <TableCell>Value</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {variables.data.map((variable) => (
          <TableRow key={variable.name}>
            <TableCell sx={{ fontFamily: monospace, overflowWrap: "anywhere" }}>{variable.name}</TableCell>
            <TableCell sx={{ fontFamily: monospace, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {variable.value === "" ? <Typography component="span" color="text.secondary">(empty)</Typography> : variable.value}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
