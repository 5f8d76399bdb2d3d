import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { REPORTED, type ResultRow } from "./result";

const COLUMNS = ["id", "metric", "subject", "baseline", "ratio", "target", "ok"] as const;

/** The rows as a plain-text table with aligned columns, numbers right-aligned. */
export function formatTable(rows: readonly ResultRow[]): string {
  const cells = rows.map((row) => COLUMNS.map((column) => cellText(row, column)));
  const widths = COLUMNS.map((column, i) => Math.max(column.length, ...cells.map((line) => line[i]?.length ?? 0)));
  const numeric = (column: (typeof COLUMNS)[number]) => column === "subject" || column === "baseline" || column === "ratio";
  const line = (values: readonly string[]) =>
    values
      .map((value, i) => {
        const column = COLUMNS[i] ?? "id";
        const width = widths[i] ?? 0;
        return numeric(column) ? value.padStart(width) : value.padEnd(width);
      })
      .join("  ")
      .trimEnd();
  return [line(COLUMNS), line(widths.map((w) => "-".repeat(w))), ...cells.map(line)].join("\n");
}

function cellText(row: ResultRow, column: (typeof COLUMNS)[number]): string {
  if (column === "ok") return row.target === REPORTED ? "-" : row.ok ? "yes" : "NO";
  if (column === "subject" || column === "baseline" || column === "ratio") return row[column].toFixed(2);
  return row[column];
}

/** Writes the rows as 2-space JSON with a final newline, creating the directory, so the file diffs well when committed. */
export function writeResults(file: string, rows: readonly ResultRow[]): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(rows, null, 2)}\n`);
}
