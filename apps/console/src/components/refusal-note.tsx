import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import LockOutlined from "@mui/icons-material/LockOutlined";
import type { Refusal } from "../lib/permissions";

/**
 * Why an action beside it is off, in words and with a lock (readable without colour); the action
 * names it with `aria-describedby={refusal.id}`.
 */
export function RefusalNote({ refusal }: { refusal: Refusal }) {
  return (
    <Box role="note" id={refusal.id} sx={{ display: "flex", gap: 0.75, alignItems: "flex-start", color: "text.secondary" }}>
      <LockOutlined fontSize="small" aria-hidden sx={{ mt: 0.25 }} />
      <Typography variant="body2">{refusal.text}</Typography>
    </Box>
  );
}
