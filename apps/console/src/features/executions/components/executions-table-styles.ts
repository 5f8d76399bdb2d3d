import { styled } from "@mui/material/styles";
import TableContainer from "@mui/material/TableContainer";
import { monospace, twoLines } from "../../../lib/theme";

/** Rows have one height (two lines of a cell at most), so the virtualizer never measures and scrolling stays even. */
export const ROW_HEIGHT = 36;
export const HEADER_HEIGHT = 36;
/** How far each level of children is indented under its parent. */
export const INDENT_PX = 16;

/**
 * Class names of the rows and what is in their cells. Rows scroll in by the dozen every second,
 * so they are plain elements styled once by the table (`ScrollArea`) rather than MUI components
 * and `sx` props, whose styles would be computed again for every cell of every row that mounts.
 */
export const C = {
  row: "ExecutionsTable-row",
  cell: "ExecutionsTable-cell",
  checkboxCell: "ExecutionsTable-checkboxCell",
  checkbox: "ExecutionsTable-checkbox",
  checkboxInput: "ExecutionsTable-checkboxInput",
  checkboxIcon: "ExecutionsTable-checkboxIcon",
  alignRight: "ExecutionsTable-alignRight",
  status: "ExecutionsTable-status",
  statusIcon: "ExecutionsTable-statusIcon",
  statusCode: "ExecutionsTable-statusCode",
  statusWords: "ExecutionsTable-statusWords",
  /** Text that takes a second line of the row rather than being cut: plans, blocked since, durations. */
  twoLines: "ExecutionsTable-twoLines",
  plannedIcon: "ExecutionsTable-plannedIcon",
  type: "ExecutionsTable-type",
  nameLink: "ExecutionsTable-nameLink",
  nameCell: "ExecutionsTable-nameCell",
  expand: "ExecutionsTable-expand",
  expandSpace: "ExecutionsTable-expandSpace",
  note: "ExecutionsTable-note",
  muted: "ExecutionsTable-muted",
  runLink: "ExecutionsTable-runLink",
} as const;

/**
 * The scrolling container, with the styles of every row and cell in it: those of MUI's small
 * table cells and hover/selected rows, with one line per cell, cut with an ellipsis rather than
 * wrapped, but for the values an operator must read whole (`C.twoLines`); narrow padding and a slightly smaller font let the default columns fit beside the
 * navigation on a screen 1280 px wide.
 */
export const ScrollArea = styled(TableContainer)(({ theme }) => {
  const { palette } = theme.vars ?? theme;
  const cell = {
    ...theme.typography.body2,
    display: "table-cell",
    verticalAlign: "inherit",
    // As MUI's TableCell draws it: the console's theme always has CSS variables, which carry the border colour.
    borderBottom: `1px solid ${theme.vars?.palette.TableCell.border ?? palette.divider}`,
    textAlign: "left",
    color: palette.text.primary,
    height: ROW_HEIGHT,
  } as const;
  return {
    // The page's header, filter bar and toolbar above, the footer below: the rest is rows.
    height: "max(360px, calc(100vh - 320px))",
    overflow: "auto",
    [`& .${C.row}`]: {
      color: "inherit",
      display: "table-row",
      verticalAlign: "middle",
      outline: 0,
      height: ROW_HEIGHT,
      cursor: "default",
      // A layer of its own for each row: rows that stay in view keep their painting while others
      // scroll in and out, instead of the whole table being painted again at every step.
      position: "relative",
      "&:hover": { backgroundColor: palette.action.hover },
      '&[aria-selected="true"]': {
        backgroundColor: theme.alpha(palette.primary.main, palette.action.selectedOpacity),
        "&:hover": { backgroundColor: theme.alpha(palette.primary.main, `${palette.action.selectedOpacity} + ${palette.action.hoverOpacity}`) },
      },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
      "&[data-focused] > td:first-of-type": { boxShadow: `inset 4px 0 0 ${palette.primary.main}` },
    },
    [`& .${C.checkboxCell}`]: { ...cell, width: 24, padding: "0 12px 0 16px", "& > *": { padding: 0 } },
    // MUI's small Checkbox, as it looks in a table cell; keyboard focus shows its ripple's circle, without the pulse.
    [`& .${C.checkbox}`]: {
      display: "inline-flex",
      alignItems: "center",
      justifyContent: "center",
      position: "relative",
      boxSizing: "border-box",
      verticalAlign: "middle",
      borderRadius: "50%",
      margin: 0,
      border: 0,
      outline: 0,
      cursor: "pointer",
      userSelect: "none",
      WebkitTapHighlightColor: "transparent",
      color: palette.text.secondary,
      "&:hover": { backgroundColor: theme.alpha(palette.primary.main, palette.action.hoverOpacity) },
      "@media (hover: none)": { "&:hover": { backgroundColor: "transparent" } },
      "&:has(> input:checked)": { color: palette.primary.main },
      "&:has(> input:focus-visible)": { background: "radial-gradient(closest-side, color-mix(in srgb, currentColor 30%, transparent) 92%, transparent 92%)" },
    },
    [`& .${C.checkboxInput}`]: { cursor: "inherit", position: "absolute", opacity: 0, width: "100%", height: "100%", top: 0, left: 0, margin: 0, padding: 0, zIndex: 1 },
    [`& .${C.checkboxIcon}`]: {
      userSelect: "none",
      width: "1em",
      height: "1em",
      display: "inline-block",
      flexShrink: 0,
      fill: "currentColor",
      fontSize: theme.typography.pxToRem(20),
      transition: theme.transitions.create("fill", { duration: theme.transitions.duration.standard }),
    },
    [`& .${C.cell}`]: {
      ...cell,
      whiteSpace: "nowrap",
      overflow: "hidden",
      textOverflow: "ellipsis",
      padding: theme.spacing(0, 0.75),
      fontSize: "0.8125rem",
      "& > span": { maxWidth: "100%", verticalAlign: "middle" },
      "& .MuiSvgIcon-root + span": { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
    },
    [`& .${C.alignRight}`]: { textAlign: "right" },
    [`& .${C.status}`]: { display: "inline-flex", alignItems: "center", gap: theme.spacing(0.75), minWidth: 0 },
    // Long words ("Waiting for start time", "planned 2027-01-04", "17 min 20 s") take a second line rather than being cut: two fit a row.
    [`& .${C.status} > span.${C.statusWords}`]: { ...twoLines, overflowWrap: "anywhere" },
    [`& .${C.twoLines}`]: twoLines,
    [`& .${C.plannedIcon}`]: { width: 14, height: 14, fill: "currentColor", verticalAlign: "-2px", marginRight: 3 },
    [`& .${C.statusIcon}`]: { flexShrink: 0 },
    [`& .${C.statusCode}`]: { fontFamily: monospace, fontWeight: 600, marginRight: theme.spacing(0.75), fontSize: "0.85rem" },
    [`& .${C.type}`]: { display: "inline-flex", alignItems: "center", gap: theme.spacing(0.75), whiteSpace: "nowrap" },
    [`& .${C.nameCell}`]: { display: "flex", alignItems: "center", minWidth: 0, height: ROW_HEIGHT - 1 },
    [`& .${C.nameCell} > a, & .${C.nameCell} > span:last-child`]: { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", minWidth: 0 },
    [`& .${C.expand}`]: {
      flexShrink: 0,
      width: 24,
      height: 24,
      marginRight: 2,
      padding: 0,
      border: 0,
      borderRadius: "50%",
      background: "none",
      color: palette.text.secondary,
      cursor: "pointer",
      display: "inline-flex",
      alignItems: "center",
      justifyContent: "center",
      "&:hover": { backgroundColor: palette.action.hover },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}` },
      "& svg": { width: 20, height: 20, fill: "currentColor" },
    },
    [`& .${C.expandSpace}`]: { flexShrink: 0, width: 26 },
    [`& .${C.note}`]: { display: "flex", alignItems: "center", gap: theme.spacing(1.5), height: ROW_HEIGHT - 1, color: palette.text.secondary },
    // Plans and "blocked since" read as notes beside the times: smaller, and they fit their cell.
    [`& .${C.muted}`]: { color: palette.text.secondary, fontSize: "0.75rem" },
    [`& .${C.nameLink}`]: { margin: 0, font: "inherit", letterSpacing: "inherit", textDecoration: "none", color: "inherit", "&:hover": { textDecoration: "underline" } },
    [`& .${C.runLink}`]: {
      margin: 0,
      font: "inherit",
      letterSpacing: "inherit",
      fontFamily: monospace,
      color: palette.primary.main,
      textDecoration: "underline",
      textDecorationColor: theme.alpha(palette.primary.main, 0.4),
      "&:hover": { textDecorationColor: "inherit" },
    },
  };
});

/** The paths of MUI's CheckBox and CheckBoxOutlineBlank icons, which its Checkbox draws. */
export const CHECKED_PATH = "M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z";
export const UNCHECKED_PATH = "M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z";

