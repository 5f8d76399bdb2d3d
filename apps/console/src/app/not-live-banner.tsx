import Alert from "@mui/material/Alert";
import { DateTime } from "../components/date-time";
import { useNotLiveSince, useSessionFull } from "../lib/event-stream";

/**
 * Says, under the header of every screen, that what it shows is no longer current while live
 * updates have been off for a while; gone when they are back (the data is then read again).
 */
export function NotLiveBanner() {
  const since = useNotLiveSince();
  const sessionFull = useSessionFull();
  if (since === null) return null;
  return (
    <Alert
      severity="warning"
      role="status"
      // Stays in view under the app bar when the page scrolls.
      sx={{ position: "sticky", top: { xs: 56, sm: 64 }, zIndex: (theme) => theme.zIndex.appBar - 1, mb: 2, border: 1, borderColor: "warning.main" }}
    >
      {sessionFull ? (
        <>
          <strong>Not live:</strong> since <DateTime value={new Date(since).toISOString()} short />, other console tabs of this browser hold all the live connections its session may have. What you
          see may be out of date. Close tabs you no longer need; this one connects again once one is closed.
        </>
      ) : (
        <>
          <strong>Not live:</strong> the server cannot be reached since <DateTime value={new Date(since).toISOString()} short />. What you see may be out of date; it updates again when the
          connection is back.
        </>
      )}
    </Alert>
  );
}
