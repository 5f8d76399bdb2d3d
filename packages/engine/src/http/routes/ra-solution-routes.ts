import { IMPORT_BODY_LIMIT, operations, RaUploadHeaders } from "@baton/contract";
import type { RaSolutionService } from "../../system/ra-solutions";
import { validationErrorFromZod } from "../error-response";
import { readBody } from "../request-body";
import { bindRoute } from "../route";

/** RA solutions: upload, install or update, list, get; the system client (0) only. */
export function raSolutionRoutes(solutions: RaSolutionService) {
  return [
    bindRoute(operations.getSystemRaSolutions, { handle: ({ principal }) => solutions.list(principal) }),
    bindRoute(operations.postSystemRaSolutions, { handle: ({ principal, body }) => solutions.install(principal, body) }),
    bindRoute(operations.postSystemRaSolutionsUpload, {
      handle: async ({ principal, req }) => {
        const headers = RaUploadHeaders.safeParse(req.headers);
        if (!headers.success) throw validationErrorFromZod(headers.error, req.headers, "", {});
        const body = await readBody(req, IMPORT_BODY_LIMIT);
        return solutions.upload(principal, body, { checksum: headers.data.checksum, algorithm: headers.data.algorithm, ignoreSignature: headers.data["ignore-signature"] });
      },
    }),
    bindRoute(operations.getSystemRaSolutionsObjectName, { handle: ({ principal, params }) => solutions.get(principal, params.object_name) }),
  ];
}
