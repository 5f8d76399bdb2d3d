import type { ReactElement } from "react";
import Box from "@mui/material/Box";
import type { SvgIconProps } from "@mui/material/SvgIcon";
import CheckCircle from "@mui/icons-material/CheckCircle";
import Cancel from "@mui/icons-material/Cancel";
import Dangerous from "@mui/icons-material/Dangerous";
import ErrorIcon from "@mui/icons-material/Error";
import PlayCircle from "@mui/icons-material/PlayCircle";
import HourglassTop from "@mui/icons-material/HourglassTop";
import PauseCircle from "@mui/icons-material/PauseCircle";
import SkipNext from "@mui/icons-material/SkipNext";
import HelpOutline from "@mui/icons-material/HelpOutline";
import { statusGroups, statusText } from "@baton/contract";
import { monospace, twoLines } from "../../../lib/theme";

/** The groups an operator tells apart at a glance; each has its own icon and words. */
export type DisplayGroup = "ok" | "inactive" | "skipped" | "cancel" | "fault" | "abend" | "blocked" | "waiting" | "active" | "unknown";

/**
 * The most specific group first: a cancel, a fault, an inactive or a skipped end also belong to
 * abend or ok, and an operator reads them differently (nobody has to look at a skipped task).
 */
const PRECEDENCE: readonly DisplayGroup[] = ["cancel", "fault", "abend", "inactive", "skipped", "ok", "blocked", "waiting", "active"];

export function displayGroup(status: number): DisplayGroup {
  const groups: readonly string[] = statusGroups(status);
  return PRECEDENCE.find((group) => groups.includes(group)) ?? "unknown";
}

type IconColor = SvgIconProps["color"];

/** How a status group is shown: its words (the icon's accessible name), its icon and the icon's colour. */
export interface StatusLook {
  label: string;
  color: IconColor;
  icon: (props: SvgIconProps) => ReactElement;
}

const GROUP_LOOK: Record<DisplayGroup, StatusLook> = {
  ok: { label: "Ended OK", color: "success", icon: (p) => <CheckCircle {...p} /> },
  inactive: { label: "Inactive", color: "action", icon: (p) => <SkipNext {...p} /> },
  skipped: { label: "Skipped", color: "action", icon: (p) => <SkipNext {...p} /> },
  cancel: { label: "Cancelled", color: "error", icon: (p) => <Cancel {...p} /> },
  fault: { label: "Fault", color: "error", icon: (p) => <ErrorIcon {...p} /> },
  abend: { label: "Aborted", color: "error", icon: (p) => <Dangerous {...p} /> },
  blocked: { label: "Blocked", color: "warning", icon: (p) => <PauseCircle {...p} /> },
  waiting: { label: "Waiting", color: "warning", icon: (p) => <HourglassTop {...p} /> },
  active: { label: "Active", color: "info", icon: (p) => <PlayCircle {...p} /> },
  unknown: { label: "Unknown status", color: "disabled", icon: (p) => <HelpOutline {...p} /> },
};

export function statusLook(status: number): StatusLook {
  return GROUP_LOOK[displayGroup(status)];
}

export function groupLabel(status: number): string {
  return statusLook(status).label;
}

interface StatusLabelProps {
  status: number;
  /** The server's status_text; falls back to the contract's text for the code. */
  text?: string;
  size?: "small" | "large";
  /** Code and text take a second line where they do not fit one, and are cut after it (the caller's title has them whole). */
  wrap?: boolean;
}

/**
 * Status as icon + code + text. The icon's accessible name is the group ("Active", "Ended OK"),
 * so the state never depends on colour.
 */
export function StatusLabel({ status, text, size = "small", wrap = false }: StatusLabelProps) {
  const look = statusLook(status);
  const large = size === "large";
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "flex-start", gap: 0.75, minWidth: 0 }}>
      {look.icon({
        color: look.color,
        fontSize: large ? "medium" : "small",
        titleAccess: look.label,
        sx: { mt: large ? 0.25 : 0.15, flexShrink: 0 },
      })}
      <Box component="span" sx={wrap ? twoLines : { minWidth: 0 }}>
        <Box component="span" sx={{ fontFamily: monospace, fontWeight: 600, mr: 0.75, fontSize: large ? "1.05rem" : "0.85rem" }}>
          {status}
        </Box>
        <Box component="span" sx={{ fontSize: large ? "1.05rem" : undefined }}>
          {text || statusText(status)}
        </Box>
      </Box>
    </Box>
  );
}
