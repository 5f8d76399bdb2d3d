import { describe, expect, it } from "vitest";
import { counted } from "./counted";

describe("counted", () => {
  it.each([
    [0, "0 objects"],
    [1, "1 object"],
    [2, "2 objects"],
  ])("%i → %s", (count, text) => expect(counted(count, "object")).toBe(text));

  it("takes an irregular plural", () => expect(counted(2, "script line has", "script lines have")).toBe("2 script lines have"));
});
