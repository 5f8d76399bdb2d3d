import { Link as RouterLink } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import OpenInNew from "@mui/icons-material/OpenInNew";
import { isFinalStatus, type OutExecution } from "@baton/contract";
import { DateTime } from "../../../components/date-time";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { MonoBlock } from "../../../components/mono-block";
import { isApiError } from "../../../lib/api-client";
import { executionTypeText } from "../../../lib/execution-type";
import { monospace } from "../../../lib/theme";
import { SCRIPT_TYPE } from "../api/get-recent-script-runs";
import { findRuntimeError, useScriptOutput } from "../api/get-script-output";
import { useScriptRun } from "../api/get-script-run";
import { RunStatus } from "./run-status";

interface ScriptRunPanelProps {
  runId: number;
  /** Moves the editor's cursor to a line and column of the script. */
  onShowInEditor: (line: number, column: number) => void;
}

/** One run: its live status, a link to its execution, and its ACT output growing while it runs. */
export function ScriptRunPanel({ runId, onShowInEditor }: ScriptRunPanelProps) {
  const run = useScriptRun(runId);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="script-run-heading" sx={{ p: 2.5 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap", mb: 1 }}>
        <Typography variant="h2" id="script-run-heading">
          Run <span style={{ fontFamily: monospace }}>{runId}</span>
        </Typography>
        {run.data ? (
          <>
            <Box role="status" aria-live="polite" sx={{ flex: "1 1 auto" }}>
              <RunStatus status={run.data.status} text={run.data.status_text} large />
            </Box>
            <Button component={RouterLink} to={`/executions/${runId}`} endIcon={<OpenInNew />} size="small">
              Open execution {runId}
            </Button>
          </>
        ) : null}
      </Box>
      {run.isPending ? (
        <LoadingState label={`Loading run ${runId}…`} />
      ) : run.isError ? (
        isApiError(run.error, 404) ? (
          <Alert severity="warning" variant="outlined">
            Run {runId} does not exist in this client. It may have been deleted, or the link is for another client. Pick a run
            under Recent runs, or run the script again.
          </Alert>
        ) : (
          <ErrorAlert error={run.error} context={`Could not load run ${runId}`} onRetry={() => void run.refetch()} />
        )
      ) : (
        <RunOutput execution={run.data} onShowInEditor={onShowInEditor} />
      )}
    </Paper>
  );
}

function RunOutput({ execution, onShowInEditor }: { execution: OutExecution; onShowInEditor: ScriptRunPanelProps["onShowInEditor"] }) {
  const output = useScriptOutput(execution.run_id, execution.status);
  const active = !isFinalStatus(execution.status);
  const runtimeError = typeof output.data === "string" ? findRuntimeError(output.data) : null;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {execution.type === SCRIPT_TYPE ? null : `${executionTypeText(execution.type)} ${execution.name}, not a script run; its ACT report is shown. `}
        Activated <DateTime value={execution.activation_time} /> by {execution.user}
        {execution.end_time ? (
          <>
            , ended <DateTime value={execution.end_time} />
          </>
        ) : null}
        .{active ? " The output is refreshed every second while the script runs." : null}
      </Typography>
      {runtimeError ? (
        <Alert
          severity="error"
          variant="outlined"
          sx={{ mb: 1.5 }}
          action={
            <Button color="inherit" size="small" onClick={() => onShowInEditor(runtimeError.line, runtimeError.column)}>
              Show in editor
            </Button>
          }
        >
          Runtime error in line {runtimeError.line}, column {runtimeError.column}: {runtimeError.message}. Correct the script and run it
          again.
        </Alert>
      ) : null}
      {output.isPending ? (
        <LoadingState label="Loading the output…" />
      ) : output.isError ? (
        <ErrorAlert error={output.error} context="Could not load the output" onRetry={() => void output.refetch()} />
      ) : output.data === null ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {active ? "No output yet. It appears here as soon as the script writes some." : "This run wrote no output (it has no ACT report)."}
        </Typography>
      ) : (
        <MonoBlock label="Script output" maxHeight="50vh">
          {output.data === "" ? "(empty)" : output.data}
        </MonoBlock>
      )}
    </>
  );
}
