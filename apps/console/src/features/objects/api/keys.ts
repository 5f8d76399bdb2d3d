export const objectKeys = {
  all: (client: number) => ["objects", client] as const,
  detail: (client: number, name: string) => [...objectKeys.all(client), "detail", name] as const,
  usage: (client: number, name: string) => [...objectKeys.all(client), "usage", name] as const,
  /** The prompt inputs the object takes (GET /objects/{name}/inputs), for a start with options. */
  inputs: (client: number, name: string) => [...objectKeys.all(client), "inputs", name] as const,
  /** The object's executions, newest first, paged with start_at_run_id; kept live by object-runs-events.ts. */
  runs: (client: number, name: string) => [...objectKeys.all(client), "runs", name] as const,
  /** The ERT the object's next execution starts with; read again after its runs end (object-runs-events.ts). */
  ert: (client: number, name: string) => [...objectKeys.all(client), "ert", name] as const,
  /** Everything read about folders; an import invalidates it as a whole. */
  folders: (client: number) => [...objectKeys.all(client), "folders"] as const,
  folderContents: (client: number, folder: string) => [...objectKeys.folders(client), "contents", folder] as const,
  subfolders: (client: number, folder: string) => [...objectKeys.folders(client), "subfolders", folder] as const,
  /** Whether a folder exists, else the nearest one above it that does (get-folder-presence.ts). */
  presence: (client: number, folder: string) => [...objectKeys.folders(client), "presence", folder] as const,
};
