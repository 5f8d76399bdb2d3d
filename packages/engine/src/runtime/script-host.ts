import { HostError, type ScriptHost, type ScriptValue } from "@baton/script";
import { requireReadObject, requireWriteObject } from "../auth/acts";
import { DomainError, ForbiddenError, ValidationError } from "../domain/errors";
import { varaRows, withVaraRow } from "../domain/static-variables";
import type { Store } from "../store/connect";
import { findObject, replaceObject } from "../store/objects-store";
import { MAX_ACTIVATION_DEPTH, type ActivationContext } from "../executions/launcher";
import type { Clock } from "./clock";
import type { ReportWriter } from "./report-writer";
import { inTransaction } from "../store/transaction";

/**
 * The engine's side of a running script: ACT report, static variables, activations, time. Every
 * function that touches an object or execution acts for the context's principal (the user who
 * started the script, or who activated the execution whose pre/post-process it is) and asks the
 * same check of auth/acts as the REST route for the same act; a refusal is the script's runtime
 * error, worded as the REST API's 403.
 */
export class EngineScriptHost implements ScriptHost {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly act: ReportWriter,
    private readonly context: ActivationContext,
  ) {}

  print(line: string): void {
    this.act.line(line);
  }

  now(): number {
    return this.clock.now();
  }

  async getVar(vara: string, key: string, column: number): Promise<string | undefined> {
    const object = await this.#vara(vara);
    const row = varaRows(object.body).find((r) => r.key.toUpperCase() === key.toUpperCase());
    if (column < 1 || column > 5) throw new HostError(`column ${column} of '${object.name}' does not exist (1 to 5)`);
    return row?.values[column - 1];
  }

  async putVar(vara: string, key: string, values: readonly string[]): Promise<void> {
    const { client, userName } = this.context.principal;
    await inTransaction(this.store.db, async (trx) => {
      const object = await findObject(trx, client, vara.toUpperCase());
      if (object === undefined || object.type !== "VARA") throw new HostError(`static variable '${vara.toUpperCase()}' does not exist`);
      refusedAsScriptError(() => requireWriteObject(this.context.principal, object));
      await replaceObject(trx, client, { ...object, body: withVaraRow(object.body, key, values) }, userName, this.clock.now());
    });
  }

  async activate(name: string): Promise<number> {
    const { principal, depth, launcher } = this.context;
    if (depth + 1 > MAX_ACTIVATION_DEPTH) throw new HostError(`activations nest deeper than ${MAX_ACTIVATION_DEPTH}; '${name}' was not activated`);
    try {
      return (await launcher.activate(principal, { objectName: name.toUpperCase(), executionOption: "execute" }, depth + 1)).runId;
    } catch (error) {
      if (error instanceof DomainError) throw new HostError(`'${name.toUpperCase()}' cannot be activated: ${error instanceof ValidationError ? error.issues.map((i) => i.error).join("; ") : error.details}`);
      throw error;
    }
  }

  async waitFor(runId: number): Promise<ReadonlyMap<string, ScriptValue>> {
    const { principal, launcher } = this.context;
    await launcher.waitForEnd(principal.client, runId);
    return new Map(Object.entries(await launcher.returnedValues(principal.client, runId)));
  }

  executionStatus(runId: number): Promise<number> {
    return this.context.launcher.statusOf(this.context.principal, runId);
  }

  cancel(runId: number): Promise<number> {
    return this.context.launcher.cancel(this.context.principal, runId);
  }

  async processRows(vara: string): Promise<string[][]> {
    const object = await this.#vara(vara);
    return varaRows(object.body).map((row) => [row.key, ...row.values]);
  }

  async #vara(name: string) {
    const object = await findObject(this.store.db, this.context.principal.client, name.toUpperCase());
    if (object === undefined || object.type !== "VARA") throw new HostError(`static variable '${name.toUpperCase()}' does not exist`);
    refusedAsScriptError(() => requireReadObject(this.context.principal, object));
    return object;
  }
}

/** Runs a check of auth/acts; its 403 becomes a runtime error of the script with the same details. */
function refusedAsScriptError(check: () => void): void {
  try {
    check();
  } catch (error) {
    if (error instanceof ForbiddenError) throw new HostError(error.details);
    throw error;
  }
}

