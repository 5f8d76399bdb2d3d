/**
 * Where a member named by a server path (`data.jobs.general_attributes.name`, `data[3].path`)
 * stands in a JSON text, so an error can be marked at its place. A member the text does not have
 * is marked at the nearest one it has (its object), an unreadable text at its start.
 */
export interface TextRange {
  from: number;
  to: number;
}

/** `data[3].user.name` → ["data", 3, "user", "name"]. */
export function parsePath(path: string): Array<string | number> {
  const segments: Array<string | number> = [];
  for (const part of path.split(".")) {
    const match = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (match === null) {
      segments.push(part);
      continue;
    }
    if (match[1]) segments.push(match[1]);
    for (const index of (match[2] ?? "").matchAll(/\[(\d+)\]/g)) segments.push(Number(index[1]));
  }
  return segments;
}

class Scanner {
  pos = 0;
  constructor(readonly text: string) {}
  skip(): void {
    while (/\s/.test(this.text[this.pos] ?? "")) this.pos++;
  }
  string(): string {
    const start = this.pos;
    this.pos++;
    while (this.pos < this.text.length && this.text[this.pos] !== '"') this.pos += this.text[this.pos] === "\\" ? 2 : 1;
    this.pos++;
    return String(JSON.parse(this.text.slice(start, this.pos)));
  }
}

/**
 * Reads one value at the scanner, noting in `best` the deepest place along `target` seen so far
 * (the member's key and value when it matches fully).
 */
function readValue(scanner: Scanner, path: ReadonlyArray<string | number>, target: ReadonlyArray<string | number>, best: { depth: number; range: TextRange }, keyFrom: number): void {
  scanner.skip();
  const from = scanner.pos;
  const onTarget = path.every((segment, index) => target[index] === segment);
  const char = scanner.text[scanner.pos];
  if (char === "{" || char === "[") {
    scanner.pos++;
    let index = 0;
    for (;;) {
      scanner.skip();
      const next = scanner.text[scanner.pos];
      if (next === undefined) throw new Error("unexpected end");
      if (next === "}" || next === "]") {
        scanner.pos++;
        break;
      }
      if (next === ",") {
        scanner.pos++;
        continue;
      }
      const memberFrom = scanner.pos;
      let segment: string | number = index++;
      if (char === "{") {
        segment = scanner.string();
        scanner.skip();
        scanner.pos++; // the colon
      }
      readValue(scanner, [...path, segment], target, best, char === "{" ? memberFrom : scanner.pos);
    }
  } else if (char === '"') {
    scanner.string();
  } else {
    while (scanner.pos < scanner.text.length && !/[\s,\]}]/.test(scanner.text[scanner.pos] ?? "")) scanner.pos++;
  }
  if (onTarget && path.length >= best.depth) {
    // A whole object or list is marked at its first line only: the key is what the reader looks for.
    const to = char === "{" || char === "[" ? Math.min(scanner.pos, scanner.text.indexOf("\n", from) === -1 ? scanner.pos : scanner.text.indexOf("\n", from)) : scanner.pos;
    best.depth = path.length;
    best.range = { from: keyFrom, to: Math.max(to, keyFrom + 1) };
  }
}

export function locateJsonPath(text: string, path: string): TextRange {
  const best = { depth: -1, range: { from: 0, to: Math.min(1, text.length) } };
  try {
    readValue(new Scanner(text), [], parsePath(path), best, 0);
  } catch {
    // A value is noted once read whole, so text that breaks off is marked at its start.
  }
  return best.range;
}
