import { describe, expect, it } from "vitest";
import { readProblems } from "./api-client";

/** The answers an upload (sent by XMLHttpRequest, see upload.ts) is refused with, read as every answer is. */
describe("problems of a refused request", () => {
  const answer = (status: number, statusText: string, text: string) => new Response(text, { status, statusText });

  it("keeps the header a validation error is about", async () => {
    const body = JSON.stringify([{ code: 45106, error: "does not match the package", path: "checksum", invalid_value: "00" }]);
    expect(await readProblems(answer(400, "Bad Request", body))).toEqual([{ code: 45106, message: "does not match the package", details: null, path: "checksum" }]);
  });

  it("reads an OutError with its details", async () => {
    const body = JSON.stringify({ code: 45107, error: "Not an RA solution package.", details: "manifest.json is missing" });
    expect(await readProblems(answer(400, "Bad Request", body))).toEqual([{ code: 45107, message: "Not an RA solution package.", details: "manifest.json is missing", path: null }]);
  });

  it("falls back to the status for a body it cannot read", async () => {
    expect(await readProblems(answer(502, "Bad Gateway", "<html>"))).toEqual([{ code: null, message: "502 Bad Gateway", details: null, path: null }]);
  });
});
