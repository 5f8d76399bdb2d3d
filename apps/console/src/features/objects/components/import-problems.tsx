import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";

/** Shown in full up to this many; a broken folder export can carry thousands. */
const SHOWN = 100;

/** A titled list of problems, each naming the object or file it is about. */
export function ImportProblems({ title, items, hint }: { title: string; items: readonly string[]; hint: string }) {
  if (items.length === 0) return null;
  return (
    <Alert severity="error" sx={{ my: 1.5 }} aria-label={title}>
      <AlertTitle>{title}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {items.slice(0, SHOWN).map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </Box>
      {items.length > SHOWN ? <Box sx={{ mt: 0.5 }}>… and {items.length - SHOWN} more.</Box> : null}
      <Box sx={{ mt: 1 }}>{hint}</Box>
    </Alert>
  );
}
