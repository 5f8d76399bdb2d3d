import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import type { OutSearchResultItem, SearchSortColumn } from "@baton/contract";
import { DateTime } from "../../../components/date-time";
import { SegmentedText } from "../../../components/segmented-text";
import { typeText } from "./filter-kinds";

/** Every sort property of the spec in words: the column headers and the sort menu. */
export const SORT_LABELS: Readonly<Record<SearchSortColumn, string>> = {
  name: "Name",
  type: "Type",
  sub_type: "Sub type",
  platform: "Platform",
  title: "Title",
  archive_key1: "Archive key 1",
  archive_key2: "Archive key 2",
  folder_path: "Folder",
  modified_date: "Modified",
  last_used_date: "Last used",
  creation_date: "Created",
  calendar_event_name: "Event",
  calendar_event_ctype: "Event type",
  calendar_event_valid_from: "Valid from",
  calendar_event_valid_to: "Valid to",
};

export interface ResultColumn {
  /** The sort property the column shows, and its header (SORT_LABELS). Results carry no sub type or platform: those sort from the menu only. */
  sort: SearchSortColumn;
  cell: (item: OutSearchResultItem) => ReactNode;
  /**
   * Shown on wide screens only: below, the table keeps name, type, title, folder and modified in
   * view without scrolling sideways (1280 pixels), and these still sort from the menu.
   */
  wideOnly?: true;
}

const date = (ms: number | null) => <DateTime value={ms === null ? undefined : new Date(ms).toISOString()} short />;
/** Names and titles are long words (`NIGHTLY.BACKUP.DB`): they break anywhere rather than widen the table. Folders break at their backslashes. */
const text = (value: string | null) => (
  <Box component="span" sx={{ overflowWrap: "anywhere" }}>
    {value ?? "—"}
  </Box>
);

export const OBJECT_COLUMNS: readonly ResultColumn[] = [
  {
    sort: "name",
    cell: (item) => (
      <Link component={RouterLink} to={`/objects/${encodeURIComponent(item.name)}`} sx={{ fontFamily: "monospace", overflowWrap: "anywhere" }}>
        {item.name}
      </Link>
    ),
  },
  { sort: "type", cell: (item) => <Box component="span" sx={{ whiteSpace: "nowrap" }}>{typeText(item.type)}</Box> },
  { sort: "title", cell: (item) => text(item.title) },
  { sort: "folder_path", cell: (item) => <SegmentedText text={item.folder_path} separator={"\\"} /> },
  { sort: "archive_key1", cell: (item) => text(item.archive_key1), wideOnly: true },
  { sort: "archive_key2", cell: (item) => text(item.archive_key2), wideOnly: true },
  { sort: "modified_date", cell: (item) => date(item.modified_date) },
  { sort: "creation_date", cell: (item) => date(item.creation_date), wideOnly: true },
  { sort: "last_used_date", cell: (item) => date(item.last_used_date), wideOnly: true },
];

/** Shown after the calendar's name when the search lists calendar events. */
export const EVENT_COLUMNS: readonly ResultColumn[] = [
  { sort: "calendar_event_name", cell: (item) => text(item.calendar_keyword_name) },
  { sort: "calendar_event_ctype", cell: (item) => text(item.calendar_keyword_ctype) },
  { sort: "calendar_event_valid_from", cell: (item) => date(item.calendar_keyword_valid_from) },
  { sort: "calendar_event_valid_to", cell: (item) => date(item.calendar_keyword_valid_to) },
];
