import { useNavigate } from "react-router";
import Box from "@mui/material/Box";
import Button, { type ButtonProps } from "@mui/material/Button";
import PlayArrow from "@mui/icons-material/PlayArrow";
import { ErrorCode } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { isApiError } from "../../../lib/api-client";
import { useExecuteObject } from "../../../lib/execute-object";
import type { Refusal } from "../../../lib/permissions";

interface ExecuteButtonProps {
  objectName: string;
  size?: ButtonProps["size"];
  variant?: ButtonProps["variant"];
  /** Why the user may not execute it: the button is off and described by the text with this id. */
  refusal?: Refusal | undefined;
}

function hintFor(error: unknown): string | undefined {
  if (isApiError(error) && error.hasCode(ErrorCode.NOT_EXECUTABLE)) return "Objects of this type cannot be executed; execute a job, workflow, script or schedule instead.";
  if (isApiError(error, 404)) return "The object does not exist (any more). Import it first.";
  return undefined;
}

/** Starts the object now and opens its execution. */
export function ExecuteButton({ objectName, size = "medium", variant = "contained", refusal }: ExecuteButtonProps) {
  const execute = useExecuteObject();
  const navigate = useNavigate();
  // Once the server said the user may not execute this, the button stays off and the reason stays shown.
  const forbidden = execute.isError && isApiError(execute.error, 403);
  return (
    <Box sx={{ display: "inline-flex", flexDirection: "column", gap: 1, alignItems: "flex-start" }}>
      <Button
        variant={variant}
        size={size}
        startIcon={<PlayArrow />}
        loading={execute.isPending}
        disabled={forbidden || refusal !== undefined}
        aria-describedby={refusal?.id}
        loadingPosition="start"
        aria-label={`Execute ${objectName}`}
        onClick={() => execute.mutate(objectName, { onSuccess: ({ run_id }) => navigate(`/executions/${run_id}`) })}
      >
        Execute
      </Button>
      {execute.isError ? <ErrorAlert error={execute.error} context={`Could not execute ${objectName}`} hint={hintFor(execute.error)} dense /> : null}
    </Box>
  );
}
