import { OutRASolution } from "@baton/contract";
import { operationUrl } from "../../../lib/rest-operations";
import { upload, type SentBytes } from "../../../lib/upload";
import { SYSTEM_CLIENT } from "./system-client";
import { sha256Hex } from "./sha256-hex";
import { useRaSolutionMutation } from "./use-ra-solution-mutation";

/** Sent bytes of the upload, for a progress bar. */
export type UploadProgress = SentBytes;

export interface RaSolutionUpload {
  file: File;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * POST /api/0/system/ra-solutions/upload with the zip's bytes and their SHA-256 (the server
 * checks it). Baton does not verify package signatures, hence `ignore-signature: true`.
 */
export async function uploadRaSolution(csrfToken: string, { file, onProgress }: RaSolutionUpload): Promise<OutRASolution> {
  const bytes = await file.arrayBuffer();
  const checksum = await sha256Hex(bytes);
  const url = await operationUrl("postSystemRaSolutionsUpload", { client_id: SYSTEM_CLIENT });
  const headers = { checksum, algorithm: "SHA-256", "ignore-signature": "true" };
  return upload({ url, body: bytes, contentType: "application/octet-stream", headers, parser: OutRASolution, csrfToken, onProgress });
}

export function useUploadRaSolution() {
  return useRaSolutionMutation(uploadRaSolution);
}
