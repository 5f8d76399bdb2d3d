/** A binary heap: the least item by `before` comes out first; adding and taking cost log n. */
export class MinHeap<T> {
  readonly #items: T[] = [];

  /** `before(a, b)`: whether `a` comes out before `b`. */
  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.#items.length;
  }

  peek(): T | undefined {
    return this.#items[0];
  }

  push(item: T): void {
    const items = this.#items;
    let at = items.push(item) - 1;
    while (at > 0) {
      const up = (at - 1) >> 1;
      const parent = items[up];
      if (parent === undefined || !this.before(item, parent)) break;
      items[at] = parent;
      at = up;
    }
    items[at] = item;
  }

  pop(): T | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (last === undefined || items.length === 0) return top;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      let least = items[child];
      const right = items[child + 1];
      if (least === undefined) break;
      if (right !== undefined && this.before(right, least)) [child, least] = [child + 1, right];
      if (!this.before(least, last)) break;
      items[at] = least;
      at = child;
    }
    items[at] = last;
    return top;
  }
}
