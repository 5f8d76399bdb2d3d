import { fileAnswer, FolderImportQuery, InFolderObjects, jsonAnswer, OutFolderImport } from "@baton/contract";
import { z } from "zod";
import type { FolderService } from "../../objects/folder-service";
import { jsonDataEntries } from "../json-data-stream";
import { presentFolderImport } from "../presenters/object-presenter";
import { defineRoute, noBody, noParams, StreamReply } from "../route";
import { bodyChunks } from "../request-body";
import { ClientParams } from "./params";
import { IMPORT_BODY_LIMIT } from "./objects-routes";

/** The folder path after /folderobjects/: `OPS/NIGHTLY`, `OPS%2FNIGHTLY` or `%5COPS` (`\` or `/` alone: the root). */
const FolderParams = ClientParams.extend({ "*": z.string().min(1).max(1000) });

/** POST /{client_id}/folderobjects and GET /{client_id}/folderobjects/{folder_path}. */
export function folderObjectsRoutes(folders: FolderService) {
  return [
    defineRoute({
      method: "POST",
      path: "/:client_id/folderobjects",
      summary: "Imports a folder export into a folder",
      answer: jsonAnswer(OutFolderImport, "What was imported, entry by entry"),
      params: ClientParams,
      query: FolderImportQuery,
      body: noBody,
      // The body (application/json or application/octet-stream) is read once as it arrives and
      // split into its entries, so a 50 MiB import is never held whole.
      streamsBody: { types: ["application/json", "application/octet-stream"], schema: InFolderObjects },
      bodyLimit: IMPORT_BODY_LIMIT,
      handle: async ({ principal, query, req }) =>
        presentFolderImport(
          await folders.import(principal, jsonDataEntries(bodyChunks(req, IMPORT_BODY_LIMIT)), { folderPath: query.folder_path, overwrite: query.overwrite_existing_objects }),
        ),
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/folderobjects/*",
      wildcard: "folder_path",
      summary: "Exports a folder with everything below it",
      answer: fileAnswer("application/octet-stream", "OutFolderObjects as a JSON file"),
      params: FolderParams,
      query: noParams,
      body: noBody,
      handle: async ({ principal, params }) => {
        const path = params["*"];
        const name = path.split(/[\\/]/).filter((s) => s !== "").at(-1) ?? "ROOT";
        return new StreamReply("application/octet-stream", await folders.export(principal, path), { "Content-Disposition": `attachment; filename="${name.replace(/[^A-Za-z0-9._$@#-]/g, "_")}.json"` });
      },
    }),
  ];
}
