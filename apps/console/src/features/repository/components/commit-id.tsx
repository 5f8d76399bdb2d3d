import Box from "@mui/material/Box";
import { monospace } from "../../../lib/theme";

/** A commit as git shows it in lists: the first 8 characters, the full id in the title. */
export function CommitId({ id }: { id: string }) {
  return (
    <Box component="code" title={id} sx={{ fontFamily: monospace, fontSize: "0.85em" }}>
      {id.slice(0, 8)}
    </Box>
  );
}
