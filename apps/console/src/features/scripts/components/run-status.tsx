import type { ReactElement } from "react";
import Box from "@mui/material/Box";
import type { SvgIconProps } from "@mui/material/SvgIcon";
import Cancel from "@mui/icons-material/Cancel";
import CheckCircle from "@mui/icons-material/CheckCircle";
import HourglassTop from "@mui/icons-material/HourglassTop";
import PlayCircle from "@mui/icons-material/PlayCircle";
import { statusGroups, statusText } from "@baton/contract";
import { monospace } from "../../../lib/theme";

type Look = { label: string; color: SvgIconProps["color"]; icon: (props: SvgIconProps) => ReactElement };

const LOOKS = {
  ok: { label: "Ended OK", color: "success", icon: (p) => <CheckCircle {...p} /> },
  abend: { label: "Aborted", color: "error", icon: (p) => <Cancel {...p} /> },
  waiting: { label: "Waiting", color: "warning", icon: (p) => <HourglassTop {...p} /> },
  active: { label: "Active", color: "info", icon: (p) => <PlayCircle {...p} /> },
} satisfies Record<string, Look>;

function lookOf(status: number): Look {
  const groups = statusGroups(status);
  if (groups.includes("ok")) return LOOKS.ok;
  if (groups.includes("abend")) return LOOKS.abend;
  if (groups.includes("waiting") || groups.includes("blocked")) return LOOKS.waiting;
  return LOOKS.active;
}

interface RunStatusProps {
  status: number;
  /** The server's status_text; falls back to the contract's text for the code. */
  text?: string;
  large?: boolean;
  /** Only the name before " - " (ENDED_OK), the whole text in the tooltip: for narrow lists. */
  brief?: boolean;
}

/** Icon (named for screen readers) + code + text, so the state never depends on colour. */
export function RunStatus({ status, text, large = false, brief = false }: RunStatusProps) {
  const look = lookOf(status);
  const full = text || statusText(status);
  const shown = brief ? (full.split(" - ")[0] ?? full) : full;
  return (
    <Box component="span" title={shown === full ? undefined : full} sx={{ display: "inline-flex", alignItems: "center", gap: 0.75, minWidth: 0 }}>
      {look.icon({ color: look.color, fontSize: large ? "medium" : "small", titleAccess: look.label, sx: { flexShrink: 0 } })}
      <Box component="span" sx={{ minWidth: 0, fontSize: large ? "1.05rem" : "0.875rem" }}>
        <Box component="span" sx={{ fontFamily: monospace, fontWeight: 600, mr: 0.75 }}>
          {status}
        </Box>
        {shown}
      </Box>
    </Box>
  );
}
