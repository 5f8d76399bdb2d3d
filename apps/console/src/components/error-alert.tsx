import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import Box from "@mui/material/Box";
import LockOutlined from "@mui/icons-material/LockOutlined";
import { isApiError } from "../lib/api-client";
import { describeError } from "../lib/describe-error";

interface ErrorAlertProps {
  error: unknown;
  /** What the user was doing, e.g. "Could not load the executions". */
  context?: string;
  /**
   * What to do, more specific than the generic hint. Not for a refusal (403): that always names
   * what the user lacks and whom to ask, whatever the screen expected to go wrong.
   */
  hint?: string;
  /** Offered unless the server refused (403): asking again gets the same answer. */
  onRetry?: () => void;
  dense?: boolean;
}

/**
 * An error from the API client in words: what failed, what the server said, what to do. A refusal
 * (403) is not a failure of the system: it shows with a lock, in the colours of information.
 */
export function ErrorAlert({ error, context, hint, onRetry, dense = false }: ErrorAlertProps) {
  const description = describeError(error, hint);
  const refused = isApiError(error, 403);
  return (
    <Alert
      severity={refused ? "info" : "error"}
      icon={refused ? <LockOutlined fontSize="inherit" titleAccess="Refused" /> : undefined}
      variant={dense ? "standard" : "outlined"}
      sx={dense ? { py: 0, "& .MuiAlert-message": { py: 0.75 } } : undefined}
      action={
        onRetry && !refused ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        ) : undefined
      }
    >
      {context ? <AlertTitle sx={dense ? { mb: 0 } : undefined}>{context}</AlertTitle> : null}
      <Box component="span" sx={{ display: "block", fontWeight: context ? 400 : 500 }}>
        {description.title}
      </Box>
      {description.lines.map((line) => (
        <Box component="span" key={line} sx={{ display: "block", wordBreak: "break-word" }}>
          {line}
        </Box>
      ))}
      {description.hint ? (
        <Box component="span" sx={{ display: "block", mt: 0.5, opacity: 0.85 }}>
          {description.hint}
        </Box>
      ) : null}
    </Alert>
  );
}
