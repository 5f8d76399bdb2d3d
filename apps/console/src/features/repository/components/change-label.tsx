import Chip from "@mui/material/Chip";
import type { OutRepositoryChange } from "@baton/contract";

const COLOURS = { added: "success", modified: "info", deleted: "error" } as const;

/** How an object changed, in words (the colour only repeats them). */
export function ChangeLabel({ change }: { change: OutRepositoryChange["change"] }) {
  return <Chip size="small" variant="outlined" color={COLOURS[change]} label={change} />;
}
