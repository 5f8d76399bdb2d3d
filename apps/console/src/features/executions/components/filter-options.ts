import { EXECUTION_TYPE_NAMES, STATUS_CODES, STATUS_RANGES } from "@baton/contract";
import { executionTypeText } from "../../../lib/execution-type";
import type { FilterOption } from "./list-filter-field";

/** What the named ranges mean to an operator; the codes come from the contract. */
const RANGE_WORDS: Readonly<Record<string, string>> = {
  ANY_ACTIVE: "Not ended",
  ANY_WAITING: "Waiting",
  ANY_BLOCKED: "Blocked",
  ANY_ABEND: "Aborted",
  ANY_OK: "Ended OK",
  ANY_SKIPPED: "Skipped",
  ENDED_OK_OR_EMPTY: "Ended OK or empty",
};

const rangeText = (ranges: ReadonlyArray<readonly [number, number]>) => ranges.map(([from, to]) => (from === to ? String(from) : `${from}–${to}`)).join(", ");

/** Named ranges first (what operators filter by), then every known code with its text. */
export const STATUS_OPTIONS: readonly FilterOption[] = [
  ...Object.entries(STATUS_RANGES).map(([name, ranges]) => ({ value: name, label: `${name} — ${RANGE_WORDS[name] ?? name} (${rangeText(ranges)})` })),
  ...Object.entries(STATUS_CODES).map(([code, definition]) => ({ value: code, label: `${code} ${definition.text}` })),
];

/** Type codes, as executions carry them, in the order of their names: "Workflow (JOBP)" finds JOBP by either. */
export const TYPE_OPTIONS: readonly FilterOption[] = Object.entries(EXECUTION_TYPE_NAMES)
  .sort(([, a], [, b]) => a.localeCompare(b))
  .map(([code]) => ({ value: code, label: executionTypeText(code) }));
