import { IMPORT_BODY_LIMIT, operations } from "@baton/contract";
import type { FolderService } from "../../objects/folder-service";
import { jsonDataEntries } from "../json-data-stream";
import { presentFolderImport } from "../presenters/object-presenter";
import { bindRoute, StreamReply } from "../route";
import { bodyChunks } from "../request-body";

/** POST /{client_id}/folderobjects (dry runs included) and GET /{client_id}/folderobjects/{folder_path}. */
export function folderObjectsRoutes(folders: FolderService) {
  return [
    // The body is read once as it arrives and split into its entries, so a 50 MiB import is never held whole.
    bindRoute(operations.postFolderobjects, {
      handle: async ({ principal, query, req }) =>
        presentFolderImport(
          await folders.import(principal, jsonDataEntries(bodyChunks(req, IMPORT_BODY_LIMIT)), {
            folderPath: query.folder_path,
            overwrite: query.overwrite_existing_objects,
            dryRun: query.dry_run,
            skipInvalid: query.skip_invalid,
          }),
        ),
    }),
    bindRoute(operations.getFolderobjectsFolderPath, {
      handle: async ({ principal, params }) => {
        const path = params["*"];
        const name = path.split(/[\\/]/).filter((s) => s !== "").at(-1) ?? "ROOT";
        return new StreamReply("application/octet-stream", await folders.export(principal, path), { "Content-Disposition": `attachment; filename="${name.replace(/[^A-Za-z0-9._$@#-]/g, "_")}.json"` });
      },
    }),
  ];
}
