/**
 * Text waiting to be written, oldest first, held as the pieces it came in: a job that writes faster
 * than the database stores may leave more waiting than one string can hold (V8 refuses strings
 * past about 512 Mi characters), and each write takes a bounded piece from the front.
 */
export class OutputQueue {
  #pieces: string[] = [];
  #length = 0;

  /** Characters waiting. */
  get length(): number {
    return this.#length;
  }

  /** Adds text after what waits. */
  push(text: string): void {
    if (text.length === 0) return;
    this.#pieces.push(text);
    this.#length += text.length;
  }

  /** Puts text back before what waits (a write that was refused). */
  unshift(text: string): void {
    if (text.length === 0) return;
    this.#pieces.unshift(text);
    this.#length += text.length;
  }

  /** Takes up to `max` characters from the front. */
  take(max: number): string {
    const taken: string[] = [];
    let size = 0;
    while (size < max && this.#pieces.length > 0) {
      const piece = this.#pieces.shift() ?? "";
      const room = max - size;
      if (piece.length > room) {
        this.#pieces.unshift(piece.slice(room));
        taken.push(piece.slice(0, room));
        size += room;
      } else {
        taken.push(piece);
        size += piece.length;
      }
    }
    this.#length -= size;
    return taken.join("");
  }

  /** Drops the oldest characters beyond the newest `keep`; returns how many were dropped. */
  keepNewest(keep: number): number {
    const excess = this.#length - keep;
    if (excess <= 0) return 0;
    this.take(excess);
    return excess;
  }
}
