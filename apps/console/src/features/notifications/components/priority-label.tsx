import type { ReactElement } from "react";
import Box from "@mui/material/Box";
import type { SvgIconProps } from "@mui/material/SvgIcon";
import PriorityHigh from "@mui/icons-material/PriorityHigh";
import DragHandle from "@mui/icons-material/DragHandle";
import KeyboardArrowDown from "@mui/icons-material/KeyboardArrowDown";
import type { Priority } from "../api/get-notification-text";

const LOOK: Record<Priority, { icon: (props: SvgIconProps) => ReactElement; color: SvgIconProps["color"] }> = {
  HIGH: { icon: (p) => <PriorityHigh {...p} />, color: "error" },
  MEDIUM: { icon: (p) => <DragHandle {...p} />, color: "warning" },
  LOW: { icon: (p) => <KeyboardArrowDown {...p} />, color: "action" },
};

/**
 * Priority as icon + word; HIGH is also bold and framed, so it never depends on colour. The word
 * carries the meaning, so the icon is hidden from screen readers.
 */
export function PriorityLabel({ priority }: { priority: Priority }) {
  const look = LOOK[priority];
  const high = priority === "HIGH";
  return (
    <Box
      component="span"
      sx={{
        display: "inline-flex",
        alignItems: "center",
        gap: 0.5,
        px: high ? 0.75 : 0,
        py: high ? 0.25 : 0,
        border: high ? 2 : 0,
        borderColor: "error.main",
        borderRadius: 1,
        fontWeight: high ? 700 : 500,
        fontSize: "0.82rem",
        letterSpacing: 0.5,
        color: high ? "error.main" : "text.secondary",
        whiteSpace: "nowrap",
      }}
    >
      {look.icon({ fontSize: "small", color: look.color, "aria-hidden": true })}
      <span>
        <Box component="span" sx={visuallyHidden}>
          Priority{" "}
        </Box>
        {priority}
      </span>
    </Box>
  );
}

/** Present for screen readers, invisible on screen. */
export const visuallyHidden = {
  position: "absolute",
  width: "1px",
  height: "1px",
  p: 0,
  m: "-1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
  border: 0,
} as const;
