import DataLoader from "dataloader";
import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** Names one grouped read asks for at most (well under both databases' limit on parameters). */
const MAX_NAMES = 500;

/** Rows of one client by name, read with one statement; names without a row are left out. */
export type ReadByNames<V> = (db: Kysely<Database>, client: number, names: readonly string[]) => Promise<ReadonlyMap<string, V>>;

/**
 * Reads of single rows by client and name asked for in the same turn of the event loop, answered by
 * one statement per client: the activations a burst of requests makes side by side each read their
 * object, the client's settings and their queue, and share those reads as their transactions share
 * a commit (commit-groups.ts). Nothing is cached: a read is made after it is asked for, so it sees
 * every write committed before. Reads inside a transaction are not grouped; they run on its connection.
 */
export class ReadGroups<V> {
  readonly #loaders = new WeakMap<Kysely<Database>, DataLoader<string, V | undefined>>();

  constructor(private readonly readByNames: ReadByNames<V>) {}

  /** From now on, reads on `db` asked for in the same turn share one statement. */
  enable(db: Kysely<Database>): void {
    const loader = new DataLoader<string, V | undefined>((keys) => this.#load(db, keys), {
      cache: false,
      maxBatchSize: MAX_NAMES,
      batchScheduleFn: (callback) => setImmediate(callback),
    });
    this.#loaders.set(db, loader);
  }

  /** The row of `client` named `name`, read with the others asked for beside it where `db` groups its reads. */
  async read(db: Kysely<Database>, client: number, name: string): Promise<V | undefined> {
    const loader = this.#loaders.get(db);
    if (loader !== undefined) return loader.load(`${client}/${name}`);
    return (await this.readByNames(db, client, [name])).get(name);
  }

  async #load(db: Kysely<Database>, keys: readonly string[]): Promise<(V | undefined)[]> {
    const namesByClient = new Map<number, Set<string>>();
    for (const key of keys) {
      const [client, name] = splitKey(key);
      const names = namesByClient.get(client) ?? new Set<string>();
      namesByClient.set(client, names.add(name));
    }
    const found = new Map<string, V>();
    for (const [client, names] of namesByClient) {
      for (const [name, row] of await this.readByNames(db, client, [...names])) found.set(`${client}/${name}`, row);
    }
    return keys.map((key) => found.get(key));
  }
}

function splitKey(key: string): [number, string] {
  const slash = key.indexOf("/");
  return [Number(key.slice(0, slash)), key.slice(slash + 1)];
}
