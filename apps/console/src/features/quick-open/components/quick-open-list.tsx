import { Fragment } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { QuickOpenOption, QuickOpenSection } from "../api/quick-open-options";

/** The headings of the groups. */
const HEADINGS: Readonly<Record<QuickOpenSection, string>> = {
  Run: "Run",
  Screens: "Screens",
  Objects: "Objects",
  Runs: "Recent runs",
  Search: "Search",
};

export const LISTBOX_ID = "quick-open-listbox";

interface QuickOpenListProps {
  options: readonly QuickOpenOption[];
  active: number;
  onHover: (index: number) => void;
  onChoose: (option: QuickOpenOption) => void;
}

/** Consecutive options of one section, with their place in the whole list. */
function groupsOf(options: readonly QuickOpenOption[]) {
  const groups: { section: QuickOpenSection; items: { option: QuickOpenOption; index: number }[] }[] = [];
  options.forEach((option, index) => {
    const last = groups.at(-1);
    if (last?.section === option.section) last.items.push({ option, index });
    else groups.push({ section: option.section, items: [{ option, index }] });
  });
  return groups;
}

/**
 * The choices as a listbox of labelled groups. Focus stays in the text field (the combobox): the
 * active option is its aria-activedescendant, marked by a background and by "Enter ↵", so it is
 * seen without colour too.
 */
export function QuickOpenList({ options, active, onHover, onChoose }: QuickOpenListProps) {
  return (
    <Box component="ul" role="listbox" id={LISTBOX_ID} aria-label="Results" sx={{ listStyle: "none", m: 0, p: 0, maxHeight: 420, overflowY: "auto" }}>
      {groupsOf(options).map(({ section, items }) => (
        <Box component="li" role="group" aria-label={HEADINGS[section]} key={`${section}-${items[0]?.index ?? 0}`} sx={{ py: 0.5 }}>
          <Typography aria-hidden variant="overline" color="text.secondary" sx={{ display: "block", px: 2, lineHeight: 2 }}>
            {HEADINGS[section]}
          </Typography>
          <Box component="ul" role="presentation" sx={{ listStyle: "none", m: 0, p: 0 }}>
            {items.map(({ option, index }) => (
              <Fragment key={option.id}>
                <Box
                  component="li"
                  role="option"
                  id={option.id}
                  aria-selected={index === active}
                  onMouseMove={() => onHover(index)}
                  onClick={() => onChoose(option)}
                  sx={{ display: "flex", alignItems: "center", gap: 2, px: 2, py: 0.75, cursor: "pointer", bgcolor: index === active ? "action.selected" : undefined }}
                >
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography noWrap sx={{ fontFamily: section === "Objects" || section === "Runs" || section === "Run" ? "monospace" : undefined }}>
                      {option.primary}
                    </Typography>
                    <Typography noWrap variant="body2" color="text.secondary">
                      {option.secondary}
                    </Typography>
                  </Box>
                  {index === active ? (
                    <Typography aria-hidden variant="caption" color="text.secondary" sx={{ whiteSpace: "nowrap" }}>
                      Enter ↵
                    </Typography>
                  ) : null}
                </Box>
              </Fragment>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
