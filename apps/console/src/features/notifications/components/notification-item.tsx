import { useId } from "react";
import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import DoneAll from "@mui/icons-material/DoneAll";
import type { OutExecution } from "@baton/contract";
import { DateTime } from "../../../components/date-time";
import { ErrorAlert } from "../../../components/error-alert";
import { useNotificationText } from "../api/get-notification-text";
import { PriorityLabel } from "./priority-label";

interface NotificationItemProps {
  execution: OutExecution;
  onAcknowledge: (subject: string) => void;
  pending: boolean;
  /** The last failed acknowledgement, with words for what to do. */
  failure?: { error: unknown; hint?: string };
  /** After a 403: asking again would get the same answer. */
  forbidden: boolean;
}

/** One waiting notification: priority, subject, message, time, link to its execution, Acknowledge. */
export function NotificationItem({ execution, onAcknowledge, pending, failure, forbidden }: NotificationItemProps) {
  const headingId = useId();
  const text = useNotificationText(execution.run_id);
  const high = text.data?.priority === "HIGH";
  const subject = text.data?.subject || execution.name;

  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{
        listStyle: "none",
        p: 2,
        // The thick edge takes the place of padding, so the text lines up with the other items.
        pl: high ? "11px" : 2,
        display: "flex",
        flexDirection: "column",
        gap: 1,
        // HIGH: a thick edge besides the colour, so it stands out without relying on colour.
        borderLeftWidth: high ? 6 : 1,
        borderLeftColor: high ? "error.main" : "divider",
        bgcolor: high ? "action.hover" : "background.paper",
      }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
        {text.data ? <PriorityLabel priority={text.data.priority} /> : null}
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: "1 1 240px", minWidth: 0, wordBreak: "break-word" }}>
          {subject}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <DateTime value={execution.activation_time} short />
        </Typography>
        <Button
          // A new button when the priority becomes known: no fade from outlined to contained.
          key={high ? "high" : "normal"}
          variant={high ? "contained" : "outlined"}
          startIcon={<DoneAll />}
          loading={pending}
          loadingPosition="start"
          disabled={forbidden}
          onClick={() => onAcknowledge(subject)}
        >
          Acknowledge
        </Button>
      </Box>
      {text.isPending ? (
        <Typography aria-label="Loading the message">
          <Skeleton width="60%" />
        </Typography>
      ) : text.isError ? (
        <ErrorAlert error={text.error} context="Could not load the message" onRetry={() => void text.refetch()} dense />
      ) : (
        <Typography sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>{text.data.message || "(no message)"}</Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        <Link component={RouterLink} to={`/executions/${execution.run_id}`}>
          Execution {execution.run_id}
        </Link>
        {" · "}
        {execution.name}
      </Typography>
      {failure ? <ErrorAlert error={failure.error} context="Could not acknowledge" hint={failure.hint} dense /> : null}
    </Paper>
  );
}
