import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";

/** Work the server does for a while (a clone, a merge, an import), in words under a running bar. */
export function WorkProgress({ label }: { label: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ my: 2 }}>
      <LinearProgress aria-label={label} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {label}
      </Typography>
    </Box>
  );
}
