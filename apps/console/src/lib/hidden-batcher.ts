interface HiddenBatcherOptions<T> {
  /** Hands an item on to its listeners. */
  deliver: (item: T) => void;
  /** Items of one key replace each other while held; only the latest is handed on. */
  keyOf: (item: T) => string;
  /** Whether `a` supersedes `b` (e.g. a higher sequence number). */
  supersedes: (a: T, b: T) => boolean;
  isHidden: () => boolean;
  delayMs: number;
}

/**
 * Passes items straight on while the page is visible. While it is hidden nobody watches the
 * screen, so items are held and handed on together every `delayMs`, the latest per key: a burst
 * of status changes costs one round of cache updates instead of one per event.
 */
export class HiddenBatcher<T> {
  private readonly held = new Map<string, T>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: HiddenBatcherOptions<T>) {}

  push(item: T): void {
    if (!this.options.isHidden()) {
      // Held items are older than this one: they go first.
      this.flush();
      this.options.deliver(item);
      return;
    }
    const key = this.options.keyOf(item);
    const previous = this.held.get(key);
    if (previous === undefined || this.options.supersedes(item, previous)) this.held.set(key, item);
    this.timer ??= setTimeout(() => this.flush(), this.options.delayMs);
  }

  /** Hands on everything held now (the page became visible, the stream reopened). */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const items = [...this.held.values()];
    this.held.clear();
    for (const item of items) this.options.deliver(item);
  }

  /** Drops what is held (logged out). */
  clear(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.held.clear();
  }
}
