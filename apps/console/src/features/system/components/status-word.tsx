import Box from "@mui/material/Box";
import CheckCircle from "@mui/icons-material/CheckCircle";
import ErrorIcon from "@mui/icons-material/Error";

/** UP or DOWN as icon and word (never colour alone). */
export function StatusWord({ status }: { status: "UP" | "DOWN" }) {
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, fontWeight: 600 }}>
      {status === "UP" ? <CheckCircle color="success" fontSize="small" aria-hidden /> : <ErrorIcon color="error" fontSize="small" aria-hidden />}
      {status}
    </Box>
  );
}
