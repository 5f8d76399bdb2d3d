import type { ReactNode, Ref, UIEventHandler } from "react";
import Box from "@mui/material/Box";
import { monospace } from "../lib/theme";

interface MonoBlockProps {
  children: ReactNode;
  label: string;
  maxHeight?: number | string;
  /** For callers that scroll the block themselves (a report following its tail, a search match). */
  ref?: Ref<HTMLPreElement>;
  onScroll?: UIEventHandler<HTMLPreElement>;
}

/** Preformatted text (reports, JSON) in a scrollable monospace block. */
export function MonoBlock({ children, label, maxHeight = "70vh", ref, onScroll }: MonoBlockProps) {
  return (
    <Box
      component="pre"
      ref={ref}
      onScroll={onScroll}
      aria-label={label}
      tabIndex={0}
      sx={{
        m: 0,
        p: 2,
        maxHeight,
        overflow: "auto",
        fontFamily: monospace,
        fontSize: "0.82rem",
        lineHeight: 1.5,
        whiteSpace: "pre-wrap",
        wordBreak: "break-all",
        bgcolor: "action.hover",
        border: 1,
        borderColor: "divider",
        borderRadius: 1,
      }}
    >
      {children}
    </Box>
  );
}
