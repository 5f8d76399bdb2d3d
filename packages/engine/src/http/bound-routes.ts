import { operations, type Operation } from "@baton/contract";
import type { Route } from "./route";

/**
 * What is wrong with `routes` as the binding of `table`: an operation bound twice or not at all, or
 * a route of an operation the table does not hold. Empty when each operation is bound exactly once.
 */
export function bindingProblems(routes: readonly Route[], table: Readonly<Record<string, Operation>> = operations): string[] {
  const names = new Map(Object.entries(table).map(([name, operation]) => [operation, name]));
  const bound = new Map<Operation, number>();
  const problems: string[] = [];
  for (const route of routes) {
    if (!names.has(route.operation)) problems.push(`${route.method} ${route.path} is bound but not an operation of the table`);
    bound.set(route.operation, (bound.get(route.operation) ?? 0) + 1);
  }
  for (const [operation, name] of names) {
    const count = bound.get(operation) ?? 0;
    if (count !== 1) problems.push(`${name} (${operation.method} ${operation.path}) is bound ${count === 0 ? "nowhere" : `${count} times`}`);
  }
  return problems;
}

/**
 * `routes`, once it is sure they bind every operation of the contract's table exactly once: an
 * operation without a handler would be documented but answer 404, and one bound twice would be
 * served by whichever the router took. The engine refuses to start with either.
 */
export function everyOperationBoundOnce(routes: readonly Route[]): readonly Route[] {
  const problems = bindingProblems(routes);
  if (problems.length > 0) throw new Error(`The REST routes do not bind the route table: ${problems.join("; ")}`);
  return routes;
}
