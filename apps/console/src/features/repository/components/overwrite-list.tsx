import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import { counted } from "../../../lib/counted";

/** The objects whose uncommitted changes an operation would replace, and the choice the user has. */
export function OverwriteList({ paths, action }: { paths: readonly string[]; action: string }) {
  return (
    <Alert severity="warning" sx={{ mt: 2 }} role="alert">
      <AlertTitle>
        {counted(paths.length, "object has", "objects have")} uncommitted changes
      </AlertTitle>
      <Box component="ul" aria-label="Objects with uncommitted changes" sx={{ m: 0, pl: 2.5 }}>
        {paths.map((path) => (
          <li key={path}>{path}</li>
        ))}
      </Box>
      <Box sx={{ mt: 1 }}>Commit them first to keep them, or {action} to replace them.</Box>
    </Alert>
  );
}
