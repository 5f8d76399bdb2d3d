import { InRASolutionBody, jsonAnswer, OutRASolution, OutRASolutionsList, RaUploadHeaders } from "@baton/contract";
import { z } from "zod";
import type { RaSolutionService } from "../../system/ra-solutions";
import { validationErrorFromZod } from "../error-response";
import { readBody } from "../request-body";
import { defineRoute, noBody, noParams } from "../route";
import { IMPORT_BODY_LIMIT } from "./objects-routes";
import { ClientParams } from "./params";

const SolutionParams = ClientParams.extend({ object_name: z.string().min(1).max(200) });

/** RA solutions: upload, install or update, list, get; the system client (0) only. */
export function raSolutionRoutes(solutions: RaSolutionService) {
  const base = "/:client_id/system/ra-solutions";
  return [
    defineRoute({ method: "GET", path: base, summary: "The installed RA solutions", answer: jsonAnswer(OutRASolutionsList, "The RA solutions"), systemClientOnly: true, params: ClientParams, query: noParams, body: noBody, handle: ({ principal }) => solutions.list(principal) }),
    defineRoute({ method: "POST", path: base, summary: "Installs or updates an uploaded RA solution", answer: jsonAnswer(OutRASolution, "The installed solution"), systemClientOnly: true, params: ClientParams, query: noParams, body: InRASolutionBody, handle: ({ principal, body }) => solutions.install(principal, body) }),
    defineRoute({
      method: "POST",
      path: `${base}/upload`,
      summary: "Uploads an RA solution archive, checked against its checksum",
      answer: jsonAnswer(OutRASolution, "The uploaded solution"),
      systemClientOnly: true,
      params: ClientParams,
      query: noParams,
      body: noBody,
      streamsBody: { types: ["application/octet-stream"] },
      bodyLimit: IMPORT_BODY_LIMIT,
      handle: async ({ principal, req }) => {
        const headers = RaUploadHeaders.safeParse(req.headers);
        if (!headers.success) throw validationErrorFromZod(headers.error, req.headers, "", {});
        const body = await readBody(req, IMPORT_BODY_LIMIT);
        return solutions.upload(principal, body, { checksum: headers.data.checksum, algorithm: headers.data.algorithm, ignoreSignature: headers.data["ignore-signature"] });
      },
    }),
    defineRoute({ method: "GET", path: `${base}/:object_name`, summary: "One RA solution", answer: jsonAnswer(OutRASolution, "The RA solution"), systemClientOnly: true, params: SolutionParams, query: noParams, body: noBody, handle: ({ principal, params }) => solutions.get(principal, params.object_name) }),
  ];
}
