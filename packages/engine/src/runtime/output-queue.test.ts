import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OutputQueue } from "./output-queue";

type Step = { kind: "push"; text: string } | { kind: "unshift"; text: string } | { kind: "take"; max: number } | { kind: "keep newest"; keep: number };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("push" as const), text: fc.string({ maxLength: 20 }) }),
  fc.record({ kind: fc.constant("unshift" as const), text: fc.string({ maxLength: 20 }) }),
  fc.record({ kind: fc.constant("take" as const), max: fc.integer({ min: 0, max: 30 }) }),
  fc.record({ kind: fc.constant("keep newest" as const), keep: fc.integer({ min: 0, max: 30 }) }),
);

describe("the queue of output waiting to be written", () => {
  it("gives back exactly what one string would: pushed after, put back before, taken and dropped from the front", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const queue = new OutputQueue();
        let model = "";
        for (const s of steps) {
          if (s.kind === "push") {
            queue.push(s.text);
            model += s.text;
          } else if (s.kind === "unshift") {
            queue.unshift(s.text);
            model = s.text + model;
          } else if (s.kind === "take") {
            expect(queue.take(s.max)).toBe(model.slice(0, s.max));
            model = model.slice(s.max);
          } else {
            const dropped = Math.max(0, model.length - s.keep);
            expect(queue.keepNewest(s.keep)).toBe(dropped);
            model = model.slice(dropped);
          }
          expect(queue.length).toBe(model.length);
        }
        expect(queue.take(Number.MAX_SAFE_INTEGER)).toBe(model);
      }),
    );
  });

  it("holds more output than one string can (V8 refuses about 512 Mi characters) and hands it out in pieces", () => {
    const piece = "x".repeat(64 * 1024 * 1024);
    const queue = new OutputQueue();
    for (let i = 0; i < 10; i++) queue.push(piece);
    expect(() => piece.repeat(10)).toThrow(RangeError);
    expect(queue.length).toBe(10 * piece.length);
    expect(queue.take(4 * 1024 * 1024)).toHaveLength(4 * 1024 * 1024);
    expect(queue.length).toBe(10 * piece.length - 4 * 1024 * 1024);
  });
});
