import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";

/** A spinner with words, announced to screen readers. */
export function LoadingState({ label, fullPage = false }: { label: string; fullPage?: boolean }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        gap: 1.5,
        py: 6,
        minHeight: fullPage ? "100vh" : undefined,
      }}
    >
      <CircularProgress size={22} aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
