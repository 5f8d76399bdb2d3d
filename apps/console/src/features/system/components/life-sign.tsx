import Typography from "@mui/material/Typography";
import { DateTime } from "../../../components/date-time";
import { elapsedSeconds, formatDuration } from "../../../lib/format";

/** When something last gave a sign of life and how long ago, from the clock of the page. */
export function LifeSign({ at, now }: { at: string; now: number }) {
  return (
    <>
      <DateTime value={at} short />
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block" }}>
        {formatDuration(elapsedSeconds(at, now))} ago
      </Typography>
    </>
  );
}
