/**
 * Pieces of a file in transit between the engine and an agent, read as an async iterable as they
 * arrive; it ends, or fails, once.
 */
export class PieceQueue implements AsyncIterable<Uint8Array> {
  readonly #pieces: Uint8Array[] = [];
  #ended = false;
  #error: Error | undefined;
  #wake: (() => void) | undefined;

  push(piece: Uint8Array): void {
    this.#pieces.push(piece);
    this.#wake?.();
  }

  end(): void {
    this.#ended = true;
    this.#wake?.();
  }

  /** Ends the queue with an error; a reader sees it after the pieces that came before. */
  fail(error: Error): void {
    this.#error ??= error;
    this.end();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    for (;;) {
      const piece = this.#pieces.shift();
      if (piece !== undefined) {
        yield piece;
        continue;
      }
      if (this.#error) throw this.#error;
      if (this.#ended) return;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
      this.#wake = undefined;
    }
  }
}
