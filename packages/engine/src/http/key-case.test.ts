import { describe, expect, it } from "vitest";
import { camelCaseKeys } from "./key-case";

describe("camelCaseKeys", () => {
  it("renames the snake_case keys older clients send, keeping user data as sent", () => {
    const body = {
      object_name: "X",
      execution_option: "once",
      once: { execution_date_time: "2026-01-01T00:00:00Z", wait_for_manual_release: "false" },
      inputs: { "my_var#": "1" },
      callback: { http: { url: "https://x", headers: { x_api_key: "k" } } },
    };
    expect(camelCaseKeys(body, new Set(["inputs", "headers"]))).toEqual({
      objectName: "X",
      executionOption: "once",
      once: { executionDateTime: "2026-01-01T00:00:00Z", waitForManualRelease: "false" },
      inputs: { "my_var#": "1" },
      callback: { http: { url: "https://x", headers: { x_api_key: "k" } } },
    });
  });

  it("prefers the camelCase spelling when both are sent", () => {
    expect(camelCaseKeys({ object_name: "A", objectName: "B" }, new Set())).toEqual({ objectName: "B" });
  });
});
