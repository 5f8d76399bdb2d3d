import { CSRF_HEADER, OutRASolution } from "@baton/contract";
import { ApiError, NetworkError, ResponseShapeError } from "../../../lib/api-client";
import { operationUrl } from "../../../lib/rest-operations";
import { SYSTEM_CLIENT } from "./system-client";
import { sha256Hex } from "./sha256-hex";
import { parseJson, uploadProblems } from "./upload-problems";
import { useRaSolutionMutation } from "./use-ra-solution-mutation";

/** Sent bytes of the upload, for a progress bar; `total` is 0 until the browser knows it. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface RaSolutionUpload {
  file: File;
  onProgress?: (progress: UploadProgress) => void;
}

function parseSolution(method: string, url: string, text: string): OutRASolution {
  const parsed = OutRASolution.safeParse(parseJson(text));
  if (parsed.success) return parsed.data;
  throw new ResponseShapeError(method, url, parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.map(String).join(".") || "body"}: ${issue.message}`));
}

/**
 * POST /api/0/system/ra-solutions/upload with the zip's bytes and their SHA-256 (the server
 * checks it). Baton does not verify package signatures, hence `ignore-signature: true`. Sent by
 * XMLHttpRequest, whose upload events give the progress that `fetch` does not.
 */
export async function uploadRaSolution(csrfToken: string, { file, onProgress }: RaSolutionUpload): Promise<OutRASolution> {
  const bytes = await file.arrayBuffer();
  const checksum = await sha256Hex(bytes);
  const method = "POST";
  const url = await operationUrl("postSystemRaSolutionsUpload", { client_id: SYSTEM_CLIENT });
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.withCredentials = true;
    request.setRequestHeader("accept", "application/json");
    request.setRequestHeader("content-type", "application/octet-stream");
    request.setRequestHeader(CSRF_HEADER, csrfToken);
    request.setRequestHeader("checksum", checksum);
    request.setRequestHeader("algorithm", "SHA-256");
    request.setRequestHeader("ignore-signature", "true");
    request.upload.onprogress = (event) => onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    request.onerror = () => reject(new NetworkError(method, url, new Error("the upload was interrupted")));
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(new ApiError(request.status, uploadProblems(request.status, request.statusText, request.responseText), method, url));
        return;
      }
      try {
        resolve(parseSolution(method, url, request.responseText));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    request.send(bytes);
  });
}

export function useUploadRaSolution() {
  return useRaSolutionMutation(uploadRaSolution);
}
