import { describe, expect, it } from "vitest";
import { restartPointsOf } from "./get-restart-points";

describe("restartPointsOf", () => {
  it("lists the :RESTART points of the process page in order, upper case, with or without a text", () => {
    const body = {
      scripts: [
        { pre_process: [":RESTART PRE"] },
        { process: ["echo before", ":RESTART rp1, 'first step'", "echo one", "  :restart RP2", "echo ':RESTART NOT'", "! :RESTART COMMENT"] },
      ],
    };
    expect(restartPointsOf(body)).toEqual(["RP1", "RP2"]);
  });

  it("finds none in a body without scripts or with a name longer than a restart point's", () => {
    expect(restartPointsOf({})).toEqual([]);
    expect(restartPointsOf({ scripts: [{ process: [":RESTART TOOLONG99"] }] })).toEqual([]);
  });
});
