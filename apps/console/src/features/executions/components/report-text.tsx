import { useEffect, useLayoutEffect, useRef } from "react";
import Box from "@mui/material/Box";
import { MonoBlock } from "../../../components/mono-block";
import { splitByMatches, type TextMatch } from "./report-search";

/** Pixels from the bottom that still count as "at the end" (following the tail). */
const AT_END_PX = 24;

interface ReportTextProps {
  label: string;
  text: string;
  matches: readonly TextMatch[];
  /** The match to show (scrolled into view, marked differently), or null. */
  current: number | null;
  /** Keep the end in view as text arrives, unless the reader scrolled up. */
  follow: boolean;
}

/**
 * One page of a report with the search matches marked. While following, new text keeps the end in
 * view as long as the reader stays at the end; scrolling up stops that until they come back down.
 */
export function ReportText({ label, text, matches, current, follow }: ReportTextProps) {
  const block = useRef<HTMLPreElement>(null);
  const atEnd = useRef(true);

  useLayoutEffect(() => {
    const element = block.current;
    if (element === null || current !== null) return;
    if (follow && atEnd.current) element.scrollTop = element.scrollHeight;
  }, [text, follow, current]);

  useEffect(() => {
    const element = block.current;
    const mark = element?.querySelector("[data-current-match]");
    if (current === null || element === null || mark === null || mark === undefined) return;
    // Only the block scrolls, not the page around it (scrollIntoView would move both).
    element.scrollTop += mark.getBoundingClientRect().top - element.getBoundingClientRect().top - element.clientHeight / 2;
  }, [current, text]);

  const pieces = splitByMatches(text, matches);
  return (
    <MonoBlock
      label={label}
      ref={block}
      onScroll={(event) => {
        const element = event.currentTarget;
        atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight < AT_END_PX;
      }}
    >
      {text === ""
        ? "(empty)"
        : pieces.map((piece, index) =>
            piece.match === null ? (
              piece.text
            ) : (
              <Box
                component="mark"
                key={index}
                data-current-match={piece.match === current ? "" : undefined}
                aria-current={piece.match === current ? "true" : undefined}
                sx={{
                  bgcolor: piece.match === current ? "warning.main" : "warning.light",
                  color: piece.match === current ? "warning.contrastText" : "inherit",
                  outline: piece.match === current ? 2 : 0,
                  outlineColor: "warning.dark",
                  borderRadius: 0.5,
                }}
              >
                {piece.text}
              </Box>
            ),
          )}
    </MonoBlock>
  );
}
