import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import CheckCircle from "@mui/icons-material/CheckCircle";
import ErrorIcon from "@mui/icons-material/Error";
import WarningAmber from "@mui/icons-material/WarningAmber";
import RemoveCircleOutline from "@mui/icons-material/RemoveCircleOutline";

const ICONS = {
  good: <CheckCircle color="success" fontSize="small" aria-hidden />,
  warning: <WarningAmber color="warning" fontSize="small" aria-hidden />,
  bad: <ErrorIcon color="error" fontSize="small" aria-hidden />,
  neutral: <RemoveCircleOutline color="disabled" fontSize="small" aria-hidden />,
} as const;

/** A state as icon and word (never colour alone); `tone` picks the icon. */
export function StateWord({ tone, children }: { tone: keyof typeof ICONS; children: ReactNode }) {
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, fontWeight: 600 }}>
      {ICONS[tone]}
      {children}
    </Box>
  );
}

/** UP or DOWN as icon and word. */
export function StatusWord({ status }: { status: "UP" | "DOWN" }) {
  return <StateWord tone={status === "UP" ? "good" : "bad"}>{status}</StateWord>;
}
