import type { OutSearchResultItem, ResultInfo } from "@baton/contract";
import type { SearchPage } from "../../objects/search-service";
import type { SearchRow } from "../../store/search-store";

/** A search page as ResultInfo. */
export function presentSearchPage(page: SearchPage): ResultInfo {
  return { total: page.total, data: page.rows.map(presentSearchRow), hasmore: page.hasmore };
}

/**
 * One result in the shape clients of this interface read: ids as strings, folders as `\A\B`,
 * dates in epoch milliseconds. `link` marks LINK objects (references to another object); Baton
 * does not rank matches (every result meets every filter), so `score` is 1.
 */
export function presentSearchRow(row: SearchRow): OutSearchResultItem {
  return {
    name: row.name,
    type: row.type,
    id: String(row.id),
    title: row.title,
    archive_key1: row.archive_key1,
    archive_key2: row.archive_key2,
    folder_path: `\\${row.folder.split("/").join("\\")}`,
    folder_id: null,
    modified_date: row.modified_at,
    last_used_date: row.last_used,
    link: row.type === "LINK",
    score: 1,
    calendar_keyword_name: row.event_name,
    calendar_keyword_ctype: row.event_ctype,
    calendar_keyword_valid_from: row.event_valid_from,
    calendar_keyword_valid_to: row.event_valid_to,
    calendar_keyword_child_calendar_names: row.event_child_calendars,
    creation_date: row.created_at,
  };
}
