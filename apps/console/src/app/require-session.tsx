import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import Box from "@mui/material/Box";
import { ErrorAlert } from "../components/error-alert";
import { LoadingState } from "../components/loading-state";
import { SessionContext } from "../lib/session-context";
import { useSession } from "../features/auth/api/get-session";

/** Pages behind the login: without a session, go to /login and come back here afterwards. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();

  if (session.isPending) return <LoadingState label="Checking your session…" fullPage />;
  if (session.isError) {
    return (
      <Box sx={{ maxWidth: 640, mx: "auto", mt: 10, px: 2 }}>
        <ErrorAlert error={session.error} context="Could not check your session" onRetry={() => void session.refetch()} />
      </Box>
    );
  }
  if (session.data === null) {
    const next = `${location.pathname}${location.search}${location.hash}`;
    const target = next === "/" ? "/login" : `/login?next=${encodeURIComponent(next)}`;
    return <Navigate to={target} replace />;
  }
  return <SessionContext.Provider value={session.data}>{children}</SessionContext.Provider>;
}
