import type { OutExecution, OutSearchResultItem } from "@baton/contract";
import { formatDateTime } from "../../../lib/format";
import { byNameRank, rankScreens } from "./quick-open-ranking";
import { SCREENS } from "./screens";

/** The groups of the list, each with its heading, in the order they are shown. */
export type QuickOpenSection = "Run" | "Screens" | "Objects" | "Runs" | "Search";

/** One choice of the list: where Enter (or a click) goes. */
export interface QuickOpenOption {
  /** Unique in the list; also the option's element id. */
  id: string;
  section: QuickOpenSection;
  primary: string;
  secondary: string;
  to: string;
}

/** What the look-ups found so far; undefined for a look-up that did not run or has not answered. */
export interface QuickOpenFound {
  /** The run of the RunID typed. */
  run?: OutExecution | null;
  objects?: readonly OutSearchResultItem[];
  runs?: readonly OutExecution[];
}

/** How many screens and objects are shown for a text: the best ones. */
export const SCREENS_SHOWN = 5;
export const OBJECTS_SHOWN = 6;

const objectPath = (name: string) => `/objects/${encodeURIComponent(name)}`;
const runPath = (runId: number) => `/executions/${runId}`;

/** The status in words and number, and the object: readable without colour. */
function runOption(run: OutExecution, section: QuickOpenSection): QuickOpenOption {
  return {
    id: `qo-${section.toLowerCase()}-${run.run_id}`,
    section,
    primary: `${run.name} · run ${run.run_id}`,
    secondary: `${run.status_text} (${run.status}) · ${run.type} · activated ${formatDateTime(run.activation_time)}`,
    to: runPath(run.run_id),
  };
}

/**
 * The list for the text typed: the run of a RunID first, then the screens it names, the objects
 * whose name holds it (best ranked first), the newest runs of such objects, and the advanced search
 * for it. With no text, every screen.
 */
export function quickOpenOptions(text: string, found: QuickOpenFound, searchable: boolean): QuickOpenOption[] {
  const typed = text.trim();
  const options: QuickOpenOption[] = [];
  if (found.run) options.push(runOption(found.run, "Run"));
  const screens = rankScreens(SCREENS, typed);
  for (const screen of typed === "" ? screens : screens.slice(0, SCREENS_SHOWN)) {
    options.push({ id: `qo-screen-${screen.path.replace(/\W+/g, "-")}`, section: "Screens", primary: screen.label, secondary: screen.place, to: screen.path });
  }
  for (const item of byNameRank(found.objects ?? [], (o) => o.name, typed).slice(0, OBJECTS_SHOWN)) {
    options.push({ id: `qo-object-${item.id}`, section: "Objects", primary: item.name, secondary: [item.type, item.folder_path, item.title].filter(Boolean).join(" · "), to: objectPath(item.name) });
  }
  for (const run of found.runs ?? []) if (run.run_id !== found.run?.run_id) options.push(runOption(run, "Runs"));
  if (searchable) {
    options.push({ id: "qo-search", section: "Search", primary: `Search objects for “${typed}”`, secondary: "Every object whose name holds it, with filters and order", to: `/search?${new URLSearchParams({ object_name: typed }).toString()}` });
  }
  return options;
}
