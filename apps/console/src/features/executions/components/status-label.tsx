import type { ReactElement } from "react";
import Box from "@mui/material/Box";
import type { SvgIconProps } from "@mui/material/SvgIcon";
import CheckCircle from "@mui/icons-material/CheckCircle";
import Cancel from "@mui/icons-material/Cancel";
import PlayCircle from "@mui/icons-material/PlayCircle";
import HourglassTop from "@mui/icons-material/HourglassTop";
import Block from "@mui/icons-material/Block";
import HelpOutline from "@mui/icons-material/HelpOutline";
import { statusGroups, statusText } from "@baton/contract";
import { monospace } from "../../../lib/theme";

/** The five groups an operator tells apart at a glance. */
export type DisplayGroup = "ok" | "abend" | "active" | "waiting" | "blocked" | "unknown";

export function displayGroup(status: number): DisplayGroup {
  const groups = statusGroups(status);
  if (groups.includes("ok")) return "ok";
  if (groups.includes("abend")) return "abend";
  if (groups.includes("blocked")) return "blocked";
  if (groups.includes("waiting")) return "waiting";
  if (groups.includes("active")) return "active";
  return "unknown";
}

type IconColor = SvgIconProps["color"];

const GROUP_LOOK: Record<DisplayGroup, { label: string; color: IconColor; icon: (props: SvgIconProps) => ReactElement }> = {
  ok: { label: "Ended OK", color: "success", icon: (p) => <CheckCircle {...p} /> },
  abend: { label: "Aborted", color: "error", icon: (p) => <Cancel {...p} /> },
  active: { label: "Active", color: "info", icon: (p) => <PlayCircle {...p} /> },
  waiting: { label: "Waiting", color: "warning", icon: (p) => <HourglassTop {...p} /> },
  blocked: { label: "Blocked", color: "warning", icon: (p) => <Block {...p} /> },
  unknown: { label: "Unknown status", color: "disabled", icon: (p) => <HelpOutline {...p} /> },
};

export function groupLabel(status: number): string {
  return GROUP_LOOK[displayGroup(status)].label;
}

interface StatusLabelProps {
  status: number;
  /** The server's status_text; falls back to the contract's text for the code. */
  text?: string;
  size?: "small" | "large";
}

/**
 * Status as icon + code + text. The icon's accessible name is the group ("Active", "Ended OK"),
 * so the state never depends on colour.
 */
export function StatusLabel({ status, text, size = "small" }: StatusLabelProps) {
  const look = GROUP_LOOK[displayGroup(status)];
  const large = size === "large";
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "flex-start", gap: 0.75, minWidth: 0 }}>
      {look.icon({
        color: look.color,
        fontSize: large ? "medium" : "small",
        titleAccess: look.label,
        sx: { mt: large ? 0.25 : 0.15, flexShrink: 0 },
      })}
      <Box component="span" sx={{ minWidth: 0 }}>
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
