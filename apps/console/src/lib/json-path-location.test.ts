import { describe, expect, it } from "vitest";
import { locateJsonPath, parsePath } from "./json-path-location";

const text = JSON.stringify({ data: { jobs: { general_attributes: { name: "A", type: "JOBS" }, rows: [{ x: 1 }, { x: 22 }] } }, path: "" }, null, 2);
const at = (path: string) => {
  const { from, to } = locateJsonPath(text, path);
  return text.slice(from, to);
};

describe("locateJsonPath", () => {
  it("splits member names and indexes", () => {
    expect(parsePath("data[3].user.authorizations[0].auth_group")).toEqual(["data", 3, "user", "authorizations", 0, "auth_group"]);
  });

  it("marks a member from its key to the end of its value", () => {
    expect(at("data.jobs.general_attributes.type")).toBe('"type": "JOBS"');
    expect(at("data.jobs.rows[1].x")).toBe('"x": 22');
  });

  it("marks the nearest member the text has when the path goes further", () => {
    expect(at("data.jobs.general_attributes.mode")).toBe('"general_attributes": {');
    expect(at("data.jobs.rows[5]")).toBe('"rows": [');
  });

  it("does not fail on text that is not JSON", () => {
    expect(locateJsonPath('{"data": {', "data.jobs")).toEqual({ from: 0, to: 1 });
  });
});
