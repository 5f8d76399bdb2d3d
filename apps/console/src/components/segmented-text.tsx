import { Fragment } from "react";
import Box from "@mui/material/Box";

/**
 * A path of names (a folder `\OPS\NEWTEAM`, an object name `NIGHTLY.LOAD.DAILY`) whose lines break
 * before a `separator` only (`\OPS` / `\NEWTEAM`), never inside one of its names, whatever the cell
 * around it allows.
 */
export function SegmentedText({ text, separator }: { text: string; separator: string }) {
  const [first = "", ...rest] = text.split(separator);
  return (
    <Box component="span" sx={{ overflowWrap: "normal", wordBreak: "normal" }}>
      {first}
      {rest.map((part, index) => (
        <Fragment key={index}>
          {index > 0 || first !== "" ? <wbr /> : null}
          {separator}
          {part}
        </Fragment>
      ))}
    </Box>
  );
}
