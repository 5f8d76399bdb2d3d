import { Link as RouterLink } from "react-router";
import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import { ErrorCode } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { isApiError } from "../../../lib/api-client";
import type { useExecuteObject } from "../../../lib/execute-object";

function hintFor(error: unknown): string | undefined {
  if (isApiError(error) && error.hasCode(ErrorCode.NOT_EXECUTABLE)) return "Objects of this type cannot be executed.";
  if (isApiError(error, 404)) return "The object no longer exists; search again.";
  return undefined;
}

/** What came of the last ▶ in the results: the new execution to open, or the server's refusal. */
export function ExecuteOutcome({ execution, onClose }: { execution: ReturnType<typeof useExecuteObject>; onClose: () => void }) {
  const name = execution.variables;
  if (execution.isError) return <ErrorAlert error={execution.error} context={`Could not execute ${name ?? "the object"}`} hint={hintFor(execution.error)} dense />;
  if (!execution.isSuccess) return null;
  return (
    <Alert severity="success" variant="outlined" onClose={onClose} sx={{ py: 0 }}>
      Started {name}:{" "}
      <Link component={RouterLink} to={`/executions/${execution.data.run_id}`}>
        execution {execution.data.run_id}
      </Link>
    </Alert>
  );
}
