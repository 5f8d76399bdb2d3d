/** The name of the `i`th job of `folderExport(prefix, ...)`. */
export function exportedJobName(prefix: string, i: number): string {
  return `${prefix}.${String(i).padStart(6, "0")}`;
}

/** A folder export (POST /folderobjects body) of `count` jobs of about 1 KiB each, in ten subfolders. */
export function folderExport(prefix: string, count: number): string {
  const lines = Array.from({ length: 10 }, (_, n) => `echo "line ${n}: ${"x".repeat(80)}"`);
  const entries = Array.from({ length: count }, (_, i) =>
    JSON.stringify({ jobs: { general_attributes: { name: exportedJobName(prefix, i), type: "JOBS" }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: lines }] }, path: `P${i % 10}` }),
  );
  return `{"data":[${entries.join(",")}]}`;
}
