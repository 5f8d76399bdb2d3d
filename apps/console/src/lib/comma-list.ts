/** `a,b , c` → `["a", "b", "c"]`, as the server splits array parameters. */
export function splitList(value: string): string[] {
  return value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}
