/** "1 object", "3 objects": a count with its noun, for the sentences of the console that count things. */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
