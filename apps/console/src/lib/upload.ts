import { CSRF_HEADER } from "@baton/contract";
import { ApiError, NetworkError, ResponseShapeError, readProblems, type Parser } from "./api-client";

/** Bytes of a request body sent so far, for a progress bar. */
export interface SentBytes {
  loaded: number;
  total: number;
}

export interface Upload<T> {
  /** A URL through the BFF, from operationUrl. */
  url: string;
  /** What to send: a JSON text, or a file's bytes. */
  body: string | ArrayBuffer;
  contentType: "application/json" | "application/octet-stream";
  /** Further request headers the operation takes (a checksum ...). */
  headers?: Readonly<Record<string, string>>;
  /** Checks the answer (the operation's schema). */
  parser: Parser<T>;
  csrfToken: string;
  onProgress?: (sent: SentBytes) => void;
  signal?: AbortSignal;
}

/**
 * POSTs a body and reads the JSON answer as the API client does (ApiError, NetworkError,
 * ResponseShapeError), sent by XMLHttpRequest, whose upload events say how many bytes went out;
 * `fetch` does not.
 */
export function upload<T>({ url, body, contentType, headers = {}, parser, csrfToken, onProgress, signal }: Upload<T>): Promise<T> {
  const size = typeof body === "string" ? body.length : body.byteLength;
  const method = "POST";
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.withCredentials = true;
    request.setRequestHeader("accept", "application/json");
    request.setRequestHeader("content-type", contentType);
    request.setRequestHeader(CSRF_HEADER, csrfToken);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : size });
    request.onerror = () => reject(new NetworkError(method, url, new Error("the upload was interrupted")));
    request.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.onload = () => {
      const text = request.responseText;
      if (request.status < 200 || request.status >= 300) {
        void readProblems(new Response(text, { status: request.status, statusText: request.statusText })).then((problems) => reject(new ApiError(request.status, problems, method, url)), reject);
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const parsed = parser.safeParse(json);
      if (parsed.success) resolve(parsed.data);
      else reject(new ResponseShapeError(method, url, parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.map(String).join(".") || "body"}: ${issue.message}`)));
    };
    request.send(body);
  });
}
