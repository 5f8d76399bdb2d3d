import { useRef } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { OutRepositoryMergeObject } from "@baton/contract";
import { CodePane } from "./code-pane";
import { useSharedHorizontalScroll } from "./use-shared-horizontal-scroll";

interface ThreeWayViewProps {
  versions: OutRepositoryMergeObject;
  /** The active branch (ours) and the branch being merged (theirs). */
  active: string;
  branch: string;
}

/** The text of a side, or a line saying the side has no such file (added or deleted there). */
function sideText(side: OutRepositoryMergeObject["base"], absent: string): string {
  return side.exists ? side.content : absent;
}

/**
 * One object file three ways, side by side: as it was at the merge base, on the active branch
 * (ours) and on the branch being merged (theirs); ours and theirs mark what each changed since the
 * base, with "+" beside added lines and the removed lines shown between. The panes scroll sideways
 * together, so a long line shows the same columns in all three.
 */
export function ThreeWayView({ versions, active, branch }: ThreeWayViewProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  useSharedHorizontalScroll(hostRef);
  const base = sideText(versions.base, "");
  const panes = [
    { title: "Base", detail: "the merge base", doc: sideText(versions.base, "(not at the merge base)"), original: undefined },
    { title: `Ours (${active})`, detail: "changes since the base marked", doc: sideText(versions.ours, "(deleted on this branch)"), original: base },
    { title: `Theirs (${branch})`, detail: "changes since the base marked", doc: sideText(versions.theirs, "(deleted on this branch)"), original: base },
  ];
  return (
    <Box ref={hostRef} role="region" aria-label="Three-way view" sx={{ display: "grid", gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: 1 }}>
      {panes.map((pane) => (
        <Box key={pane.title} sx={{ minWidth: 0 }}>
          {/* One line per heading, so that the three panes start level however long a branch name is. */}
          <Typography component="h3" variant="subtitle2" noWrap title={`${pane.title}: ${pane.detail}`} sx={{ mb: 0.5 }}>
            {pane.title}{" "}
            <Typography component="span" variant="caption" color="text.secondary">
              {pane.detail}
            </Typography>
          </Typography>
          <CodePane doc={pane.doc} label={`${pane.title} (read only)`} original={pane.original} />
        </Box>
      ))}
    </Box>
  );
}
