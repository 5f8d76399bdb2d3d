import { useMutation } from "@tanstack/react-query";
import { OutFolderObjects } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { saveFile } from "../../../lib/save-file";
import { useCurrentSession } from "../../../lib/session-context";

/** `OPS/NIGHTLY` → `OPS-NIGHTLY.json`; the root exports as `root.json`. */
export function exportFileName(folder: string): string {
  return `${folder === "" ? "root" : folder.replace(/\//g, "-")}.json`;
}

/** The folder as GET .../folderobjects/{path} names it: the engine reads `\` (`%5C`) as the root; a named folder goes as one segment with `/` encoded. */
export function exportPath(folder: string): string {
  return folder === "" ? "\\" : folder;
}

/**
 * GET /api/{client}/folderobjects/{path}: the folder with everything below it, checked against the
 * contract; saved as a JSON file it imports again unchanged.
 */
export function exportFolder(client: number, folder: string): Promise<OutFolderObjects> {
  return callOperation("getFolderobjectsFolderPath", { params: { client_id: client, "*": exportPath(folder) }, read: OutFolderObjects });
}

export function useExportFolder() {
  const { client } = useCurrentSession();
  return useMutation({
    mutationFn: async (folder: string) => {
      const exported = await exportFolder(client, folder);
      saveFile(exportFileName(folder), JSON.stringify(exported, null, 2), "application/json");
      return exported;
    },
  });
}
