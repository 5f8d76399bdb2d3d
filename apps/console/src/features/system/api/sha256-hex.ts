/**
 * The SHA-256 of bytes as lower-case hex, as the upload's `checksum` header takes it. Browsers offer
 * `crypto.subtle` only on secure pages (HTTPS, or localhost), hence the error in words otherwise.
 */
export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  if (globalThis.crypto?.subtle === undefined) {
    throw new Error("This browser computes checksums only on secure pages: open the console over HTTPS or on localhost, then upload again.");
  }
  const digest = await globalThis.crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
