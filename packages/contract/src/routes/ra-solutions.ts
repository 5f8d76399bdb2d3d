import { z } from "zod";
import { jsonAnswer } from "../openapi/answers";
import { InRASolutionBody, OutRASolution, OutRASolutionsList } from "../schemas/system";
import { defineOperation, IMPORT_BODY_LIMIT, noBody, noParams } from "./operation";
import { ClientParams } from "./params";

const SolutionParams = ClientParams.extend({ object_name: z.string().min(1).max(200) });
const base = "/:client_id/system/ra-solutions";

/** RA solutions: upload, install or update, list, get; the system client (0) only. */
export const raSolutionOperations = {
  getSystemRaSolutions: defineOperation({ method: "GET", path: base, summary: "The installed RA solutions", answer: jsonAnswer(OutRASolutionsList, "The RA solutions"), systemClientOnly: true, params: ClientParams, query: noParams, body: noBody }),
  postSystemRaSolutions: defineOperation({ method: "POST", path: base, summary: "Installs or updates an uploaded RA solution", answer: jsonAnswer(OutRASolution, "The installed solution"), systemClientOnly: true, params: ClientParams, query: noParams, body: InRASolutionBody }),
  postSystemRaSolutionsUpload: defineOperation({
    method: "POST",
    path: `${base}/upload`,
    summary: "Uploads an RA solution archive, checked against its checksum",
    answer: jsonAnswer(OutRASolution, "The uploaded solution"),
    systemClientOnly: true,
    params: ClientParams,
    query: noParams,
    body: noBody,
    // The archive's checksum, algorithm and signature choice come as headers (RaUploadHeaders).
    streamsBody: { types: ["application/octet-stream"] },
    bodyLimit: IMPORT_BODY_LIMIT,
  }),
  getSystemRaSolutionsObjectName: defineOperation({ method: "GET", path: `${base}/:object_name`, summary: "One RA solution", answer: jsonAnswer(OutRASolution, "The RA solution"), systemClientOnly: true, params: SolutionParams, query: noParams, body: noBody }),
};
