import fc, { type Arbitrary } from "fast-check";
import { SchemaReader, type JsonSchema } from "./client-spellings";

/**
 * fast-check arbitraries made from the JSON Schemas of the OpenAPI document (3.1 flavour, with
 * `#/components/schemas` references), in three kinds:
 * - valid: what the schema accepts (type, enum, const, required, limits, lengths, simple patterns, formats);
 * - boundary: one member at or one past a limit, the rest valid: minimum/maximum, lengths, empty
 *   strings and arrays, int32 limits, 0 and -1, the first and last enum value, only the required members;
 * - invalid: one member wrong, the rest valid: a wrong type, a required member missing, an unknown
 *   enum value, a string outside its pattern or lengths, a number outside its range.
 */
export type Kind = "valid" | "boundary" | "invalid";
export const KINDS: readonly Kind[] = ["valid", "boundary", "invalid"];

/** What to generate instead for a member or parameter of some name; receives the schema's own arbitrary. */
export type Override = (fromSchema: Arbitrary<unknown>) => Arbitrary<unknown>;

/** An override that mostly takes one of `values` (names that exist, so that requests reach deep code): `weight` times to one from the schema. */
export function mostly(values: readonly unknown[], weight = 4): Override {
  return (fromSchema) => fc.oneof({ arbitrary: fc.constantFrom(...values), weight }, { arbitrary: fromSchema, weight: 1 });
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
/** How long generated strings and arrays get when the schema sets no limit. */
const SOME_LENGTH = 20;
const SOME_ITEMS = 3;
const UNKNOWN_VALUE = "no-such-value";
/** One value of every JSON type: the candidates for "a wrong type". */
const ONE_OF_EACH_TYPE: readonly unknown[] = [{ wrong: "type" }, ["wrong type"], "wrong type", 7, 7.5, true, null];
const WORD = /^[A-Za-z_][A-Za-z0-9_]{0,11}$/;

const isObject = (value: unknown): value is JsonSchema => typeof value === "object" && value !== null && !Array.isArray(value);
const numberOr = (value: unknown, fallback: number) => (typeof value === "number" ? value : fallback);
const unique = <T>(values: T[]) => [...new Set(values)];

/** The JSON types of a value: an integer is also a number. */
function typesOfValue(value: unknown): string[] {
  if (value === null) return ["null"];
  if (Array.isArray(value)) return ["array"];
  if (typeof value === "number") return Number.isInteger(value) ? ["integer", "number"] : ["number"];
  return [typeof value];
}

/** Integers from min to max, mostly small ones (counts and ids are small), beyond int32 where the schema allows it. */
function integerBetween(min: number, max: number): Arbitrary<number> {
  const all = fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);
  const small = fc.integer({ min: Math.max(min, Math.min(max, 0)), max: Math.min(max, Math.max(min, 0) + 20) });
  return fc.oneof({ arbitrary: small, weight: 3 }, { arbitrary: all, weight: 1 });
}

/** `pattern` without its lookahead and lookbehind groups, which fast-check's stringMatching cannot read. */
export function withoutLookarounds(pattern: string): string {
  let result = "";
  for (let i = 0; i < pattern.length; i++) {
    if (/^\(\?<?[=!]/.test(pattern.slice(i, i + 4))) {
      i = endOfGroup(pattern, i);
      continue;
    }
    if (pattern[i] === "\\") {
      result += pattern.slice(i, i + 2);
      i++;
      continue;
    }
    result += pattern[i];
  }
  return result;
}

/** The index of the `)` closing the group that opens at `start`. */
function endOfGroup(pattern: string, start: number): number {
  let depth = 0;
  let inClass = false;
  for (let i = start; i < pattern.length; i++) {
    const character = pattern[i];
    if (character === "\\") i++;
    else if (inClass) inClass = character !== "]";
    else if (character === "[") inClass = true;
    else if (character === "(") depth++;
    else if (character === ")" && --depth === 0) return i;
  }
  return pattern.length;
}

/** Strings matching `pattern` (as Ajv reads it: a Unicode regular expression) within the lengths. */
function matching(pattern: string, minLength: number, maxLength: number): Arbitrary<string> {
  const regex = new RegExp(pattern, "u");
  let generator: Arbitrary<string>;
  try {
    generator = fc.stringMatching(regex);
  } catch {
    // Lookaheads: generate from the pattern without them and keep what the whole pattern accepts.
    generator = fc.stringMatching(new RegExp(withoutLookarounds(pattern), "u"));
  }
  return generator.filter((text) => text.length >= minLength && text.length <= maxLength && regex.test(text));
}

/** Turns the schemas of one OpenAPI document into arbitraries; `overrides` replace the values of members and parameters by name. */
export class SchemaArbitraries {
  private readonly reader: SchemaReader;

  constructor(
    document: JsonSchema,
    private readonly overrides: Readonly<Record<string, Override>> = {},
  ) {
    this.reader = new SchemaReader(document);
  }

  /**
   * Objects of `kind` for an object schema, never a value of another type (a whole request is always
   * an object of parameters and body); undefined for invalid ones when no member can be wrong.
   */
  objects(kind: Kind, schema: JsonSchema): Arbitrary<Record<string, unknown>> | undefined {
    if (kind === "valid") return this.objectWith(schema);
    if (kind === "boundary") return this.boundaryObject(schema);
    const wrong = this.invalidMembers(schema);
    return wrong.length === 0 ? undefined : fc.oneof(...wrong);
  }

  /** Objects of an object schema whose member is `odd` in one place, the others valid; undefined when the schema names no member. */
  withOddMember(schema: unknown, odd: Arbitrary<unknown>): Arbitrary<Record<string, unknown>> | undefined {
    const s = this.reader.resolve(schema);
    const names = Object.keys(this.members(s).properties);
    return names.length === 0 ? undefined : fc.oneof(...names.map((name) => this.objectWith(s, name, odd)));
  }

  /** Values the schema accepts. */
  valid(schema: unknown): Arbitrary<unknown> {
    const s = this.reader.resolve(schema);
    if ("const" in s) return fc.constant(s.const);
    if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
    const branches = this.branches(s);
    if (branches !== undefined) return fc.oneof(...branches.map((branch) => this.valid(branch)));
    const types = this.declaredTypes(s);
    if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
    return fc.oneof(...types.map((type) => this.validOfType(s, type)));
  }

  /** One member at or one past a limit, the others valid. */
  boundary(schema: unknown): Arbitrary<unknown> {
    const s = this.reader.resolve(schema);
    if ("const" in s) return fc.constant(s.const);
    if (Array.isArray(s.enum)) return fc.constantFrom(s.enum[0], s.enum[s.enum.length - 1]);
    const branches = this.branches(s);
    if (branches !== undefined) return fc.oneof(...branches.map((branch) => this.boundary(branch)));
    const types = this.declaredTypes(s);
    if (types.length === 0) return this.valid(s);
    return fc.oneof(...types.map((type) => this.boundaryOfType(s, type)));
  }

  /** Values the schema refuses, wrong in one place; undefined when the schema accepts anything. */
  invalid(schema: unknown): Arbitrary<unknown> | undefined {
    const s = this.reader.resolve(schema);
    const wrong: Arbitrary<unknown>[] = [];
    const types = this.acceptedTypes(s);
    const wrongTypes = types.length === 0 ? [] : ONE_OF_EACH_TYPE.filter((value) => !typesOfValue(value).some((type) => types.includes(type)));
    if (wrongTypes.length > 0) wrong.push(fc.constantFrom(...wrongTypes));
    const branches = this.branches(s);
    if ("const" in s || Array.isArray(s.enum)) wrong.push(fc.constant(UNKNOWN_VALUE));
    else if (branches !== undefined) wrong.push(...branches.flatMap((branch) => this.invalidOfType(this.reader.resolve(branch))));
    else wrong.push(...this.invalidOfType(s));
    return wrong.length === 0 ? undefined : fc.oneof(...wrong);
  }

  private branches(s: JsonSchema): unknown[] | undefined {
    const union = s.oneOf ?? s.anyOf;
    return Array.isArray(union) ? union : undefined;
  }

  private declaredTypes(s: JsonSchema): string[] {
    const types: unknown[] = Array.isArray(s.type) ? s.type : [s.type];
    return types.filter((type): type is string => typeof type === "string");
  }

  /** The JSON types any value of the schema has; empty when any type goes. */
  private acceptedTypes(s: JsonSchema): string[] {
    if ("const" in s) return typesOfValue(s.const);
    if (Array.isArray(s.enum)) return unique(s.enum.flatMap(typesOfValue));
    const branches = this.branches(s);
    if (branches === undefined) return this.declaredTypes(s).flatMap((type) => (type === "number" ? ["number", "integer"] : [type]));
    const perBranch = branches.map((branch) => this.acceptedTypes(this.reader.resolve(branch)));
    return perBranch.some((types) => types.length === 0) ? [] : unique(perBranch.flat());
  }

  /** The members of an object schema; a required member the schema does not describe takes any value. */
  private members(s: JsonSchema): { properties: Record<string, unknown>; required: string[] } {
    const required = Array.isArray(s.required) ? (s.required as string[]) : [];
    const described = isObject(s.properties) ? s.properties : {};
    return { properties: { ...Object.fromEntries(required.map((name) => [name, {}])), ...described }, required };
  }

  /** The valid values of one member, through its override if it has one. */
  private member(name: string, schema: unknown): Arbitrary<unknown> {
    const fromSchema = this.valid(schema);
    return this.overrides[name]?.(fromSchema) ?? fromSchema;
  }

  /** An object of valid members where `name` (when given) takes `value` instead. */
  private objectWith(s: JsonSchema, name?: string, value?: Arbitrary<unknown>, leaveOut?: string): Arbitrary<Record<string, unknown>> {
    const { properties, required } = this.members(s);
    const names = Object.keys(properties).filter((key) => key !== leaveOut);
    const record = Object.fromEntries(names.map((key) => [key, key === name && value !== undefined ? value : this.member(key, properties[key])]));
    return fc.record(record, { requiredKeys: names.filter((key) => required.includes(key) || key === name) });
  }

  private validOfType(s: JsonSchema, type: string): Arbitrary<unknown> {
    switch (type) {
      case "object": {
        if (Object.keys(this.members(s).properties).length === 0 && isObject(s.additionalProperties)) {
          return fc.dictionary(this.key(s), this.valid(s.additionalProperties), { maxKeys: SOME_ITEMS });
        }
        return this.objectWith(s);
      }
      case "array": {
        const minLength = numberOr(s.minItems, 0);
        return fc.array(this.valid(s.items), { minLength, maxLength: Math.min(numberOr(s.maxItems, SOME_ITEMS), Math.max(minLength, SOME_ITEMS)) });
      }
      case "string":
        return this.validString(s);
      case "integer":
        return integerBetween(numberOr(s.minimum, INT32_MIN), numberOr(s.maximum, INT32_MAX));
      case "number":
        return fc.double({ min: numberOr(s.minimum, -1e9), max: numberOr(s.maximum, 1e9), noNaN: true, noDefaultInfinity: true });
      case "boolean":
        return fc.boolean();
      default:
        return fc.constant(null);
    }
  }

  private key(s: JsonSchema): Arbitrary<string> {
    const names = this.reader.resolve(s.propertyNames);
    return typeof names.pattern === "string" ? (this.validString(names) as Arbitrary<string>) : fc.stringMatching(WORD);
  }

  private validString(s: JsonSchema): Arbitrary<unknown> {
    const minLength = numberOr(s.minLength, 0);
    const maxLength = numberOr(s.maxLength, Number.MAX_SAFE_INTEGER);
    const dates = fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T23:59:59Z"), noInvalidDate: true });
    if (s.format === "date-time") return dates.map((date) => date.toISOString());
    if (s.format === "date") return dates.map((date) => date.toISOString().slice(0, 10));
    if (s.format === "uri") return fc.webUrl();
    if (typeof s.pattern === "string") return matching(s.pattern, minLength, maxLength);
    return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(maxLength, SOME_LENGTH)) });
  }

  private boundaryOfType(s: JsonSchema, type: string): Arbitrary<unknown> {
    switch (type) {
      case "object":
        return this.boundaryObject(s);
      case "array": {
        const item = this.valid(s.items);
        const lengths = unique([0, numberOr(s.minItems, 0), ...(typeof s.maxItems === "number" ? [s.maxItems, s.maxItems + 1] : [])]);
        return fc.oneof(fc.array(this.boundary(s.items), { minLength: 1, maxLength: 1 }), ...lengths.map((length) => fc.array(item, { minLength: length, maxLength: length })));
      }
      case "string": {
        const lengths = [0, ...[s.minLength, s.maxLength].filter((n): n is number => typeof n === "number").flatMap((n) => [n - 1, n, n + 1])];
        if (s.maxLength === undefined) lengths.push(5000);
        const limits = s.format === "date-time" ? ["1970-01-01T00:00:00Z", "9999-12-31T23:59:59Z"] : s.format === "date" ? ["1970-01-01", "9999-12-31"] : [];
        return fc.constantFrom(...unique(lengths.filter((n) => n >= 0).map((n) => "x".repeat(n))), ...limits);
      }
      case "integer":
      case "number": {
        const limits = [s.minimum, s.maximum].filter((n): n is number => typeof n === "number").flatMap((n) => [n - 1, n, n + 1]);
        return fc.constantFrom(...unique([...limits, 0, -1, INT32_MIN, INT32_MAX, INT32_MAX + 1]));
      }
      default:
        return this.valid(s);
    }
  }

  /** Values wrong inside a schema of the right type: limits passed, a member missing or wrong. */
  private invalidOfType(s: JsonSchema): Arbitrary<unknown>[] {
    const wrong: Arbitrary<unknown>[] = [];
    if (typeof s.minimum === "number") wrong.push(fc.constant(s.minimum - 1));
    if (typeof s.maximum === "number") wrong.push(fc.constant(s.maximum + 1));
    if (typeof s.minLength === "number" && s.minLength > 0) wrong.push(fc.constant("x".repeat(s.minLength - 1)));
    if (typeof s.maxLength === "number") wrong.push(fc.constant("x".repeat(s.maxLength + 1)));
    if (typeof s.pattern === "string") {
      const regex = new RegExp(s.pattern, "u");
      const outside = ["", " ", "no match ✗ <>", "../..", "\u0000"].filter((text) => !regex.test(text));
      if (outside.length > 0) wrong.push(fc.constantFrom(...outside));
    }
    if (typeof s.minItems === "number" && s.minItems > 0) wrong.push(fc.constant([]));
    if (isObject(s.items)) {
      const item = this.invalid(s.items);
      if (item !== undefined) wrong.push(fc.array(item, { minLength: 1, maxLength: 1 }));
    }
    return [...wrong, ...this.invalidMembers(s)];
  }

  private boundaryObject(s: JsonSchema): Arbitrary<Record<string, unknown>> {
    const { properties, required } = this.members(s);
    const names = Object.keys(properties);
    if (names.length === 0) {
      return isObject(s.additionalProperties) ? fc.oneof(fc.constant({}), fc.dictionary(this.key(s), this.boundary(s.additionalProperties), { minKeys: 1, maxKeys: 1 })) : fc.constant({});
    }
    const onlyRequired = fc.record(Object.fromEntries(required.map((name) => [name, this.member(name, properties[name])])));
    return fc.oneof(onlyRequired, ...names.map((name) => this.objectWith(s, name, this.boundary(properties[name]))));
  }

  /** Objects with one member wrong: a required one missing, one of the wrong type or value, a map value wrong. */
  private invalidMembers(s: JsonSchema): Arbitrary<Record<string, unknown>>[] {
    const wrong: Arbitrary<Record<string, unknown>>[] = [];
    if (isObject(s.additionalProperties)) {
      const value = this.invalid(s.additionalProperties);
      if (value !== undefined) wrong.push(fc.dictionary(this.key(s), value, { minKeys: 1, maxKeys: 1 }));
    }
    const { properties, required } = this.members(s);
    for (const name of required) wrong.push(this.objectWith(s, undefined, undefined, name));
    for (const [name, property] of Object.entries(properties)) {
      const value = this.invalid(property);
      if (value !== undefined) wrong.push(this.objectWith(s, name, value));
    }
    return wrong;
  }
}

/**
 * JSON text as it is sent, for values a JavaScript value cannot carry through JSON.stringify:
 * 1e309, nesting deeper than the call stack, escapes of lone surrogates.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** The JSON text of a request body whose members may be JsonText (written as they are); otherwise as JSON.stringify writes it. */
export function jsonText(value: unknown): string {
  if (value instanceof JsonText) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? "null" : jsonText(item))).join(",")}]`;
  if (isObject(value)) {
    const members = Object.entries(value).filter(([, member]) => member !== undefined);
    return `{${members.map(([key, member]) => `${JSON.stringify(key)}:${jsonText(member)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

const nestedArrays = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
const nestedMixed = (depth: number) => `${'[{"a":'.repeat(depth)}null${"}]".repeat(depth)}`;
/** Built once: every sample of them is the same text. */
const WIDE_OBJECT = `{${Array.from({ length: 10_000 }, (_, i) => `"k${i}":${i}`).join(",")}}`;
const WIDE_ARRAY = `[${"0,".repeat(100_000)}0]`;
const HUGE_STRING = JSON.stringify("x".repeat(900_000));

/**
 * Odd JSON a hostile client sends: nesting past the interface's 64 levels (to the 6,000 that once
 * ended the process), wide objects and arrays, strings near the 1 MiB body limit, numbers no double
 * holds, members named after Object.prototype's, NUL and lone surrogates in values and names.
 */
export const oddJson: Arbitrary<JsonText> = fc
  .oneof(
    fc.integer({ min: 65, max: 7000 }).map(nestedArrays),
    fc.integer({ min: 65, max: 3000 }).map(nestedObjects),
    fc.integer({ min: 33, max: 2000 }).map(nestedMixed),
    fc.constantFrom(nestedArrays(64), nestedObjects(63), WIDE_OBJECT, WIDE_ARRAY, HUGE_STRING),
    fc.constantFrom("1e309", "-1e309", "1e-400", "123456789012345678901234567890", "-0", "0E+0", "9007199254740993"),
    fc.constantFrom(
      '{"__proto__": {"admin": true, "privileges": ["SYSTEM_ADMINISTRATION"]}, "constructor": {"prototype": {"polluted": true}}, "prototype": null}',
      '{"toString": 1, "valueOf": "x", "hasOwnProperty": [], "__defineGetter__": {}}',
      '"\\u0000"',
      '"NUL\\u0000inside"',
      '{"\\u0000": 1, "\\ud800": 2, "\\udfff": "\\ud800"}',
      '"\\ud800"',
      '["\\udc00x", "\\ud83d"]',
      '"\\u2028\\u2029\\ufeff"',
    ),
  )
  .map((text) => new JsonText(text));

/** Path and query parameter values of the same kind: NUL, lone surrogates, dot segments, very long. */
export const oddText: Arbitrary<string> = fc.constantFrom("\u0000", "\ud800", "A\udfffB", "..", "%2e%2e", "x".repeat(3000), "__proto__", "constructor", "1e309", "-0", "9".repeat(40));
