import { useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import InboxOutlined from "@mui/icons-material/InboxOutlined";
import Refresh from "@mui/icons-material/Refresh";
import { ErrorCode } from "@baton/contract";
import { EmptyState } from "../../../components/empty-state";
import { ErrorAlert } from "../../../components/error-alert";
import { RefreshErrorAlert } from "../../../components/refresh-error-alert";
import { LoadingState } from "../../../components/loading-state";
import { PageHeader } from "../../../components/page-header";
import { isApiError } from "../../../lib/api-client";
import { useCurrentSession } from "../../../lib/session-context";
import { useAcknowledgeNotification } from "../api/acknowledge-notification";
import { useWaitingNotifications } from "../api/get-waiting-notifications";
import { notificationKeys } from "../api/keys";
import { useNotificationUpdates } from "../api/notification-events";
import { NotificationItem } from "./notification-item";
import { visuallyHidden } from "./priority-label";

interface Failure {
  subject: string;
  error: unknown;
  hint?: string;
}

function hintFor(error: unknown): string | undefined {
  if (isApiError(error, 400) && error.hasCode(ErrorCode.INVALID_TRANSITION)) return "It is not waiting any more: someone else acknowledged it, or it ended.";
  return undefined;
}

/** The notifications waiting for acknowledgement, newest first; new ones appear and acknowledged ones leave live. */
export function InboxPage() {
  const { client } = useCurrentSession();
  const queryClient = useQueryClient();
  useNotificationUpdates();
  const waiting = useWaitingNotifications();
  const acknowledge = useAcknowledgeNotification();
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const [failures, setFailures] = useState<ReadonlyMap<number, Failure>>(new Map());
  const [announcement, setAnnouncement] = useState("");
  const listRegion = useRef<HTMLDivElement>(null);

  const list = waiting.data;
  const present = new Set(list?.data.map((row) => row.run_id));

  // An item that had the focus may leave (acknowledged here or elsewhere): keep the focus on the list.
  useEffect(() => {
    if (document.activeElement === document.body && listRegion.current !== null && announcement !== "") listRegion.current.focus();
  }, [list, announcement]);

  const run = async (runId: number, subject: string) => {
    setPending((current) => new Set(current).add(runId));
    setFailures((current) => {
      const next = new Map(current);
      next.delete(runId);
      return next;
    });
    try {
      await acknowledge.mutateAsync(runId);
      setAnnouncement(`Acknowledged "${subject}".`);
    } catch (error) {
      setFailures((current) => new Map(current).set(runId, { subject, error, hint: hintFor(error) }));
      setAnnouncement(`Could not acknowledge "${subject}".`);
      // Not waiting any more: the list is out of date.
      if (isApiError(error, 400)) void queryClient.invalidateQueries({ queryKey: notificationKeys.waiting(client) });
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(runId);
        return next;
      });
    }
  };

  const dismiss = (runId: number) =>
    setFailures((current) => {
      const next = new Map(current);
      next.delete(runId);
      return next;
    });

  // Failures of notifications that left the list stay readable above it until dismissed.
  const orphaned = [...failures].filter(([runId]) => !present.has(runId));

  return (
    <>
      <title>Inbox · Baton</title>
      <PageHeader
        title="Inbox"
        subtitle="Notifications waiting for acknowledgement, newest first. New ones appear live."
        actions={
          <Button startIcon={<Refresh />} onClick={() => void waiting.refetch()} disabled={waiting.isFetching}>
            Refresh
          </Button>
        }
      />
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
      {orphaned.map(([runId, failure]) => (
        <Box key={runId} sx={{ mb: 2 }}>
          <ErrorAlert error={failure.error} context={`Could not acknowledge "${failure.subject}" (execution ${runId})`} hint={failure.hint} dense />
          <Button size="small" onClick={() => dismiss(runId)} sx={{ mt: 0.5 }}>
            Dismiss
          </Button>
        </Box>
      ))}
      <Box ref={listRegion} tabIndex={-1} sx={{ outline: "none" }}>
        <RefreshErrorAlert query={waiting} what="the notifications" />
        {waiting.isPending ? (
          <LoadingState label="Loading notifications…" />
        ) : waiting.data === undefined ? (
          <ErrorAlert error={waiting.error} context="Could not load the notifications" onRetry={() => void waiting.refetch()} />
        ) : waiting.data.data.length === 0 ? (
          <EmptyState icon={<InboxOutlined />} title="No notifications waiting">
            Notifications that need an acknowledgement appear here as they arrive.
          </EmptyState>
        ) : (
          <>
            <Box component="ul" aria-label="Notifications waiting" sx={{ m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1.5 }}>
              {waiting.data.data.map((execution) => (
                <NotificationItem
                  key={execution.run_id}
                  execution={execution}
                  pending={pending.has(execution.run_id)}
                  failure={failures.get(execution.run_id)}
                  forbidden={isApiError(failures.get(execution.run_id)?.error, 403)}
                  onAcknowledge={(subject) => void run(execution.run_id, subject)}
                />
              ))}
            </Box>
            {waiting.data.hasmore ? (
              <Typography color="text.secondary" sx={{ mt: 2 }}>
                Showing the newest {waiting.data.data.length} of {waiting.data.total}. Acknowledge some to see the older ones.
              </Typography>
            ) : null}
          </>
        )}
      </Box>
    </>
  );
}
