import { Link as RouterLink } from "react-router";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import { describeError } from "../../../lib/describe-error";
import type { BulkOutcome } from "../api/change-execution-statuses";
import { BULK_WORDS, bulkSummary, type BulkAction } from "./bulk-plan";

export interface BulkResult {
  action: BulkAction;
  outcomes: BulkOutcome[];
  skipped: number;
}

/** What a bulk cancel or restart did: how many worked, and for each refusal the server's reason. */
export function BulkResultAlert({ result, onClose }: { result: BulkResult; onClose: () => void }) {
  const failures = result.outcomes.flatMap((o) => (o.ok ? [] : [o]));
  const successes = result.outcomes.flatMap((o) => (o.ok ? [o] : []));
  const severity = failures.length === 0 ? (successes.length === 0 ? "info" : "success") : successes.length === 0 ? "error" : "warning";
  return (
    <Alert severity={severity} onClose={onClose} role="status" aria-label={`${BULK_WORDS[result.action].verb} result`} sx={{ mb: 1.5 }}>
      <AlertTitle>
        {BULK_WORDS[result.action].verb}: {bulkSummary(result.action, successes.length, failures.length, result.skipped)}
      </AlertTitle>
      {result.action === "restart" && successes.length > 0 ? (
        <Box component="span" sx={{ display: "block" }}>
          New executions:{" "}
          {successes.map((o, i) => (
            <span key={o.runId}>
              {i > 0 ? ", " : null}
              <Link component={RouterLink} to={`/executions/${o.runId}`}>
                {o.runId}
              </Link>{" "}
              (restart of {o.target.run_id})
            </span>
          ))}
        </Box>
      ) : null}
      {failures.length > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {failures.map((o) => (
            <li key={o.target.run_id}>
              {o.target.run_id} {o.target.name}: {describeError(o.error).title}
            </li>
          ))}
        </Box>
      ) : null}
    </Alert>
  );
}
