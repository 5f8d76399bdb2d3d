import { matchesWildcardPattern } from "@baton/contract";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wildcardToLike } from "../domain/wildcard";
import { createTestDatabase, testDialects, type TestDatabase } from "../testing/test-databases";
import { openStore, type Store } from "./connect";

/**
 * Letters in both cases, LIKE's and regular expressions' own metacharacters, a line break and
 * characters without case, one of them outside the basic plane. Characters with case outside A-Z
 * are left out: PostgreSQL's upper() folds them by the database's locale.
 */
const CHARACTERS = ["a", "A", "b", "B", "z", ".", "%", "_", "\\", "[", "]", "^", "$", "(", "+", "|", "/", "-", " ", "\n", "€", "😀"];
const character = fc.constantFrom(...CHARACTERS);
const text = fc.string({ unit: character, maxLength: 8 });
const pattern = fc.string({ unit: fc.oneof({ arbitrary: character, weight: 3 }, { arbitrary: fc.constantFrom("*", "?"), weight: 1 }), maxLength: 8 });

/** A value the pattern matches (each `*` a run of text, each `?` one character), with A-Z in a random case. */
const instanceOf = (p: string) =>
  fc
    .tuple(fc.array(text, { minLength: p.length, maxLength: p.length }), fc.array(character, { minLength: p.length, maxLength: p.length }), fc.boolean())
    .map(([runs, ones, flip]) => {
      const value = [...p].map((ch, i) => (ch === "*" ? runs[i] : ch === "?" ? ones[i] : ch)).join("");
      return flip ? value.replace(/[a-z]/gi, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())) : value;
    });

const A_TO_Z = /[a-z]/g;

describe.each(testDialects)("wildcard patterns in memory and in SQL LIKE on %s", (dialect) => {
  let database: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  /** The engine's free-text condition (archive keys): upper(column) LIKE the pattern with its a-z upper-cased. */
  const likeMatches = async (value: string, p: string): Promise<boolean> => {
    const like = wildcardToLike(p.replace(A_TO_Z, (c) => c.toUpperCase()));
    const { rows } = await sql<{ matches: unknown }>`select (upper(${value}) like ${like} escape '\\') as matches`.execute(store.db);
    const matches = rows[0]?.matches;
    return matches === true || matches === 1;
  };

  it("agree for random patterns and values, matching and not", async () => {
    const pairs = pattern.chain((p) => fc.tuple(fc.constant(p), fc.oneof(text, instanceOf(p))));
    let matched = 0;
    await fc.assert(
      fc.asyncProperty(pairs, async ([p, value]) => {
        const inMemory = matchesWildcardPattern(value, p);
        if (inMemory) matched += 1;
        expect(await likeMatches(value, p)).toBe(inMemory);
      }),
      { numRuns: 400 },
    );
    // Both answers were asked for: a property only ever false would say little.
    expect(matched).toBeGreaterThan(50);
  });

  it.each([
    ["NIGHTLY.*", "nightly.backup", true],
    ["50%", "500", false],
    ["A_B", "AXB", false],
    ["A\\*", "a\\bc", true],
    ["A\\*", "ab", false],
    ["?", "😀", true],
  ])("%j ~ %j: %s", async (p, value, expected) => {
    expect(matchesWildcardPattern(value, p)).toBe(expected);
    expect(await likeMatches(value, p)).toBe(expected);
  });
});
