import Chip from "@mui/material/Chip";
import Tooltip from "@mui/material/Tooltip";
import Sensors from "@mui/icons-material/Sensors";
import SyncProblem from "@mui/icons-material/SyncProblem";
import Sync from "@mui/icons-material/Sync";
import SensorsOff from "@mui/icons-material/SensorsOff";
import type { ReactElement } from "react";
import { useEventStreamState, type StreamState } from "../lib/event-stream";

const LOOK: Record<StreamState, { label: string; explain: string; icon: ReactElement; color: "success" | "warning" | "default" }> = {
  live: { label: "Live", explain: "Execution status changes arrive as they happen.", icon: <Sensors />, color: "success" },
  connecting: { label: "Connecting…", explain: "Connecting to live updates.", icon: <Sync />, color: "default" },
  reconnecting: {
    label: "Reconnecting…",
    explain: "Live updates are interrupted; the console reconnects and then catches up.",
    icon: <SyncProblem />,
    color: "warning",
  },
  idle: { label: "Offline", explain: "Live updates are off.", icon: <SensorsOff />, color: "default" },
};

/** The state of the live event stream, in words and with an icon. */
export function LiveBadge() {
  const state = useEventStreamState();
  const look = LOOK[state];
  return (
    <Tooltip title={look.explain}>
      <Chip
        role="status"
        aria-live="polite"
        aria-label={`Live updates: ${look.label}`}
        icon={look.icon}
        label={look.label}
        color={look.color}
        size="small"
        variant={state === "live" ? "filled" : "outlined"}
        sx={
          // No colour transition: the label's colour switches at once and would vanish on a fading background.
          state === "live"
            ? { fontWeight: 600, transition: "none" }
            : { transition: "none", fontWeight: 600, bgcolor: "background.paper", color: "text.primary", borderColor: "divider", "& .MuiChip-icon": { color: state === "reconnecting" ? "warning.main" : "text.secondary" } }
        }
      />
    </Tooltip>
  );
}
