import Box from "@mui/material/Box";
import { ErrorAlert } from "./error-alert";

/** What the alert reads of a query (react-query's result). */
interface Refreshable {
  isRefetchError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * Beside data that a refresh could not read again. react-query keeps the last answer (`data`) when
 * a refetch fails, so a page keeps showing it with this above it, and shows an error in place of
 * the data only when nothing was read yet (`isLoadingError`): an outage never empties a screen.
 */
export function RefreshErrorAlert({ query, what }: { query: Refreshable; what: string }) {
  if (!query.isRefetchError) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <ErrorAlert dense error={query.error} context={`Could not refresh ${what}; this shows the last answer.`} onRetry={() => void query.refetch()} />
    </Box>
  );
}
