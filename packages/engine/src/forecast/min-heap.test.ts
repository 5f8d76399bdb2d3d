import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MinHeap } from "./min-heap";

describe("MinHeap", () => {
  it("gives back what it was given, least first, however adding and taking interleave", () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: -50, max: 50 }), { nil: undefined })), (steps) => {
        // A number is added, undefined takes the least.
        const heap = new MinHeap<number>((a, b) => a < b);
        const model: number[] = [];
        for (const step of steps) {
          if (step !== undefined) {
            heap.push(step);
            model.push(step);
            model.sort((a, b) => a - b);
          } else expect(heap.pop()).toBe(model.shift());
          expect([heap.size, heap.peek()]).toEqual([model.length, model[0]]);
        }
      }),
    );
  });
});
