import { z } from "zod";

/** camelCase → snake_case: `objectName` → `object_name`. */
export function snakeCaseOf(key: string): string {
  return key.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);
}

/** snake_case → camelCase: `object_name` → `objectName`. */
export function camelCaseOf(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
}

/** A problem the spelling step finds, at a path below the body. */
interface SpellingIssue {
  path: PropertyKey[];
  message: string;
  input: unknown;
}

const BOOLEAN_TEXT = /^(true|false)$/i;
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * A request body schema that also takes what clients generated from other descriptions of the
 * interface send: each declared member in its snake_case or camelCase spelling, booleans as
 * the strings "true"/"false" (any letter case), numbers as decimal strings ("5"), and enum or
 * constant values in any letter case. The spelling is rewritten to the declared one before
 * `schema` validates; one member given in two spellings is refused, naming the member. Members
 * the schema does not declare (user data such as prompt inputs, unknown object members) keep
 * their spelling. The OpenAPI document shows `schema` as it is. `Input` is what arrives (a query
 * value is a string).
 */
export function acceptClientSpellings<T extends z.ZodType, Input = unknown>(schema: T) {
  return z.preprocess((value: Input, ctx) => {
    const issues: SpellingIssue[] = [];
    const spelled = respell(schema, value, [], issues);
    for (const issue of issues) ctx.addIssue({ code: "custom", ...issue });
    return spelled;
  }, schema);
}

/** `value` rewritten to the spelling `schema` declares; problems go to `issues`. */
function respell(schema: z.ZodType, value: unknown, path: PropertyKey[], issues: SpellingIssue[]): unknown {
  if (value === undefined || value === null) return value;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault || schema instanceof z.ZodReadonly || schema instanceof z.ZodCatch || schema instanceof z.ZodNonOptional) {
    return respell(schema.unwrap() as z.ZodType, value, path, issues);
  }
  if (schema instanceof z.ZodLazy) return respell(schema.unwrap() as z.ZodType, value, path, issues);
  // A pipe takes what its first part takes, unless that part is a preprocessing function.
  if (schema instanceof z.ZodPipe) return respell((schema.in instanceof z.ZodTransform ? schema.out : schema.in) as z.ZodType, value, path, issues);
  if (schema instanceof z.ZodObject) return respellObject(schema, value, path, issues);
  if (schema instanceof z.ZodArray) return Array.isArray(value) ? value.map((item, index) => respell(schema.element as z.ZodType, item, [...path, index], issues)) : value;
  if (schema instanceof z.ZodRecord) return respellRecord(schema.valueType as z.ZodType, value, path, issues);
  if (schema instanceof z.ZodUnion) return respellUnion(schema, value, path, issues);
  if (schema instanceof z.ZodIntersection) return respell(schema.def.right as z.ZodType, respell(schema.def.left as z.ZodType, value, path, issues), path, issues);
  if (schema instanceof z.ZodEnum) return oneOfAnyCase(schema.options, value);
  if (schema instanceof z.ZodLiteral) return oneOfAnyCase([...schema.values], value);
  if (schema instanceof z.ZodBoolean) return typeof value === "string" && BOOLEAN_TEXT.test(value.trim()) ? value.trim().toLowerCase() === "true" : value;
  if (schema instanceof z.ZodNumber) return typeof value === "string" && DECIMAL_TEXT.test(value.trim()) ? Number(value) : value;
  return value;
}

/** Renames each member to its declared spelling; a member given in two spellings is an issue. */
function respellObject(schema: z.ZodObject, value: unknown, path: PropertyKey[], issues: SpellingIssue[]): unknown {
  if (!isPlainObject(value)) return value;
  const shape: Record<string, z.ZodType> = schema.shape;
  const declared = spellingsOf(schema);
  const out: Record<string, unknown> = {};
  const spelledAs = new Map<string, string>();
  for (const [key, inner] of Object.entries(value)) {
    const name = declared.get(key) ?? key;
    const earlier = spelledAs.get(name);
    if (earlier !== undefined) {
      issues.push({ path: [...path, name], message: `is given twice, as '${earlier}' and '${key}': send one spelling`, input: inner });
      continue;
    }
    spelledAs.set(name, key);
    const member = shape[name];
    out[name] = member === undefined ? inner : respell(member, inner, [...path, name], issues);
  }
  return out;
}

/** The spellings of each object schema, worked out once: a body may hold that object many thousand times. */
const spellingsOfSchema = new WeakMap<z.ZodObject, Map<string, string>>();

function spellingsOf(schema: z.ZodObject): Map<string, string> {
  let spellings = spellingsOfSchema.get(schema);
  if (spellings === undefined) {
    spellings = declaredSpellings(Object.keys(schema.shape));
    spellingsOfSchema.set(schema, spellings);
  }
  return spellings;
}

/** Each accepted spelling of the declared names → the declared name; a declared name is never another's spelling. */
function declaredSpellings(names: readonly string[]): Map<string, string> {
  const spellings = new Map<string, string>();
  for (const name of names) {
    for (const spelling of [snakeCaseOf(name), camelCaseOf(name)]) {
      if (!names.includes(spelling)) spellings.set(spelling, name);
    }
  }
  for (const name of names) spellings.set(name, name);
  return spellings;
}

/** Record keys are data and keep their spelling; the values are respelled. */
function respellRecord(valueType: z.ZodType, value: unknown, path: PropertyKey[], issues: SpellingIssue[]): unknown {
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, respell(valueType, inner, [...path, key], issues)]));
}

/**
 * The spelling of the first option that then accepts the value. When none does: that of the
 * option the discriminator names, else of the option with the fewest problems, so that the
 * errors speak of its names.
 */
function respellUnion(union: z.ZodUnion, value: unknown, path: PropertyKey[], issues: SpellingIssue[]): unknown {
  const discriminator = union instanceof z.ZodDiscriminatedUnion ? union.def.discriminator : undefined;
  let options = union.options as readonly z.ZodType[];
  if (discriminator !== undefined) {
    // The options of a discriminated union are objects told apart by one member: a value that is not
    // an object fits none, and an object only the option its discriminator names. Trying just that one
    // keeps the work per value small: every failed try costs a ZodError, and a 1 MiB body of 100,000
    // filters once took 12 s of the event loop.
    if (!isPlainObject(value)) return value;
    const given = discriminatorValue(options, discriminator, value);
    const named = options.filter((option) => {
      if (!(option instanceof z.ZodObject)) return false;
      const member = option.shape[discriminator] as z.ZodType;
      return namesOption(member, respell(member, given, path, []));
    });
    const [only] = named;
    if (only === undefined) return value;
    // The one option named is the one whose spelling the value takes, whether it then accepts it or not.
    if (named.length === 1) return respell(only, value, path, issues);
    options = named;
  }
  let closest: { value: unknown; issues: SpellingIssue[]; problems: number } | undefined;
  for (const option of options) {
    const optionIssues: SpellingIssue[] = [];
    const spelled = respell(option, value, path, optionIssues);
    const result = option.safeParse(spelled);
    if (optionIssues.length === 0 && result.success) return spelled;
    const named = discriminator !== undefined && option instanceof z.ZodObject && isPlainObject(spelled) && (option.shape[discriminator] as z.ZodType).safeParse(spelled[discriminator]).success;
    const problems = named ? -1 : optionIssues.length + (result.error?.issues.length ?? 0);
    if (closest === undefined || problems < closest.problems) closest = { value: spelled, issues: optionIssues, problems };
  }
  if (closest === undefined) return value;
  issues.push(...closest.issues);
  return closest.value;
}

/** The value of the discriminator member of `value`, in whichever spelling it is given (the first one). */
function discriminatorValue(options: readonly z.ZodType[], discriminator: string, value: Record<string, unknown>): unknown {
  const object = options.find((option) => option instanceof z.ZodObject);
  if (!(object instanceof z.ZodObject)) return undefined;
  const spellings = spellingsOf(object);
  const key = Object.keys(value).find((name) => spellings.get(name) === discriminator);
  return key === undefined ? undefined : value[key];
}

/** Whether a discriminator's value selects an option: literals and enums are compared without a ZodError for the others. */
function namesOption(discriminator: z.ZodType, value: unknown): boolean {
  if (discriminator instanceof z.ZodLiteral) return [...discriminator.values].some((literal) => literal === value);
  if (discriminator instanceof z.ZodEnum) return discriminator.options.some((option) => option === value);
  return discriminator.safeParse(value).success;
}

/** The option equal to `value` ignoring letter case, when exactly one is; else `value` unchanged. */
function oneOfAnyCase(options: readonly unknown[], value: unknown): unknown {
  if (typeof value !== "string" || options.includes(value)) return value;
  const matches = options.filter((option) => typeof option === "string" && option.toLowerCase() === value.toLowerCase());
  return matches.length === 1 ? matches[0] : value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
