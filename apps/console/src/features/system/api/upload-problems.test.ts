import { describe, expect, it } from "vitest";
import { uploadProblems } from "./upload-problems";

describe("problems of a refused upload", () => {
  it("keeps the header a validation error is about", () => {
    const body = JSON.stringify([{ code: 45106, error: "does not match the package", path: "checksum", invalid_value: "00" }]);
    expect(uploadProblems(400, "Bad Request", body)).toEqual([{ code: 45106, message: "does not match the package", details: null, path: "checksum" }]);
  });

  it("reads an OutError with its details", () => {
    const body = JSON.stringify({ code: 45107, error: "Not an RA solution package.", details: "manifest.json is missing" });
    expect(uploadProblems(400, "Bad Request", body)).toEqual([{ code: 45107, message: "Not an RA solution package.", details: "manifest.json is missing", path: null }]);
  });

  it("falls back to the status for a body it cannot read", () => {
    expect(uploadProblems(502, "Bad Gateway", "<html>")).toEqual([{ code: null, message: "502 Bad Gateway", details: null, path: null }]);
  });
});
