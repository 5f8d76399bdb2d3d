import { z } from "zod";
import { fileAnswer, jsonAnswer } from "../openapi/answers";
import { FolderImportQuery, InFolderObjects, OutFolderImport } from "../schemas/folder-objects";
import { defineOperation, IMPORT_BODY_LIMIT, noBody, noParams } from "./operation";
import { ClientParams } from "./params";

/** The folder path after /folderobjects/: `OPS/NIGHTLY`, `OPS%2FNIGHTLY` or `%5COPS` (`\` or `/` alone: the root). */
const FolderParams = ClientParams.extend({ "*": z.string().min(1).max(1000) });

/** POST /{client_id}/folderobjects (with Baton's dry_run and skip_invalid) and GET /{client_id}/folderobjects/{folder_path}. */
export const folderObjectOperations = {
  postFolderobjects: defineOperation({
    method: "POST",
    path: "/:client_id/folderobjects",
    summary: "Imports a folder export into a folder; dry_run (what the import would do, writing nothing) and skip_invalid (import the valid entries, skip the others) are Baton extensions",
    answer: jsonAnswer(OutFolderImport, "What was imported (or, with dry_run, would be), entry by entry"),
    params: ClientParams,
    query: FolderImportQuery,
    body: noBody,
    // The body (application/json or application/octet-stream) is read once as it arrives and
    // split into its entries, so a 50 MiB import is never held whole.
    streamsBody: { types: ["application/json", "application/octet-stream"], schema: InFolderObjects },
    bodyLimit: IMPORT_BODY_LIMIT,
  }),
  getFolderobjectsFolderPath: defineOperation({
    method: "GET",
    path: "/:client_id/folderobjects/*",
    wildcard: "folder_path",
    summary: "Exports a folder with everything below it",
    answer: fileAnswer("application/octet-stream", "OutFolderObjects as a JSON file"),
    params: FolderParams,
    query: noParams,
    body: noBody,
  }),
};
