/** The explorer's state in the URL: the filter, the operation that is open, the schema shown. */
export interface ExplorerState {
  q: string;
  op: string | null;
  schema: string | null;
}

export function explorerStateOf(params: URLSearchParams): ExplorerState {
  return { q: params.get("q") ?? "", op: params.get("op") || null, schema: params.get("schema") || null };
}

/** The page's query string with some parameters changed (null removes one), for links. */
export function searchWith(params: URLSearchParams, changes: Readonly<Partial<Record<keyof ExplorerState, string | null>>>): string {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") next.delete(name);
    else next.set(name, value);
  }
  const search = next.toString();
  return search ? `?${search}` : "";
}
