import { ErrorCode, type ObjectBody, Status, type OutClientList } from "@baton/contract";
import type { Logger } from "pino";
import { z } from "zod";
import { requirePrivilege } from "../auth/access";
import type { Principal } from "../auth/authenticator";
import { ConflictError, ForbiddenError, NotFoundError } from "../domain/errors";
import { CLIENT_DELETION, newExecutionRecord, type Execution } from "../domain/execution";
import type { Clock } from "../runtime/clock";
import type { ExecutionRecorder } from "../runtime/execution-recorder";
import { ReportWriter } from "../runtime/report-writer";
import { clientCounts, deleteClientData } from "../store/client-data-store";
import type { Store } from "../store/connect";
import { listUnfinishedExecutions, readExecutionDefinition } from "../store/executions-store";

export interface ClientServiceDeps {
  store: Store;
  clock: Clock;
  recorder: ExecutionRecorder;
  logger: Logger;
  /** Called when a client is gone, so that cached logins of it are dropped. */
  onClientDeleted(): void;
}

/** The clients of the system: listed with their counts, and deleted by a CLNTDEL execution. */
export class ClientService {
  readonly #running = new Set<Promise<void>>();

  constructor(private readonly deps: ClientServiceDeps) {}

  async list(principal: Principal): Promise<OutClientList> {
    requirePrivilege(principal, "SYSTEM_OVERVIEW");
    // Another client's counts are that client's data: only the system client 0 sees every client.
    const data = (await clientCounts(this.deps.store.db, principal.client === 0 ? undefined : principal.client)).map((c) => ({ client: c.id, title: c.title, object_count: c.objects, execution_count: c.executions, user_count: c.users }));
    return { total: data.length, data, hasmore: false };
  }

  /**
   * Deletes a client: it is gone at once (nobody logs in to it any more); a CLNTDEL execution in
   * the requesting client deletes its data in the background and reports what it removed. Only
   * client 0 deletes clients; client 0 and the requesting client cannot be deleted.
   */
  async remove(principal: Principal, target: number): Promise<number> {
    requirePrivilege(principal, "SYSTEM_ADMINISTRATION");
    if (target === 0) throw new ConflictError(ErrorCode.CONFLICT, "The system client cannot be deleted.", "client 0 holds the system's settings");
    if (target === principal.client) throw new ConflictError(ErrorCode.CONFLICT, "A client cannot delete itself.", `log in to another client to delete client ${target}`);
    // Another client's data is no client's business but the system's: only client 0 deletes clients.
    if (principal.client !== 0) throw new ForbiddenError(ErrorCode.FORBIDDEN, "Permission check failed.", `'Client 0 only': client ${target} can be deleted from the system client 0 only: Access denied`);
    const { db } = this.deps.store;
    const deleted = await db.deleteFrom("clients").where("id", "=", target).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw new NotFoundError(ErrorCode.NOT_FOUND, "Client not found.", `There is no client ${target}.`);
    this.deps.onClientDeleted();
    const now = this.deps.clock.now();
    const execution = await this.deps.recorder.create(
      newExecutionRecord(
        { client: principal.client, name: `${CLIENT_DELETION}.${target}`, objectType: CLIENT_DELETION, type: "CallAPI", status: Status.ACTIVE, activationTime: now, user: principal.userName },
        { startTime: now, title: `Delete client ${target}` },
      ),
      JSON.stringify(deletionDefinition(target)),
    );
    this.#track(this.#run(execution, target));
    return execution.runId;
  }

  /** Finishes the deletions a stopped engine left under way (deleting is safe to repeat). */
  async recover(unfinished?: readonly Execution[]): Promise<void> {
    for (const execution of unfinished ?? (await listUnfinishedExecutions(this.deps.store.db))) {
      if (execution.objectType !== CLIENT_DELETION) continue;
      const definition = await readExecutionDefinition(this.deps.store.db, execution.client, execution.runId, DeletionDefinition);
      if (definition !== undefined) this.#track(this.#run(execution, definition.client));
    }
  }

  async idle(): Promise<void> {
    await Promise.all([...this.#running]);
  }

  #track(work: Promise<void>): void {
    this.#running.add(work);
    void work.finally(() => this.#running.delete(work));
  }

  async #run(execution: Execution, target: number): Promise<void> {
    const { store, clock, recorder } = this.deps;
    const act = new ReportWriter(store, clock, execution.client, execution.runId, "ACT");
    await act.open();
    act.line(`U00011900 Deleting the data of client ${target}.`);
    try {
      const deleted = await deleteClientData(store.db, target, () => undefined);
      for (const [table, rows] of Object.entries(deleted)) if (rows > 0) act.line(`U00011901 ${table}: ${rows} rows deleted.`);
      act.line(`U00011902 Client ${target} is deleted.`);
      await act.end();
      await recorder.change(execution, { status: Status.ENDED_OK, endTime: clock.now(), returnCode: 0 });
    } catch (error) {
      // It stays active: the next start of the engine finishes it.
      this.deps.logger.error({ err: error, client: target }, "deleting a client failed");
      act.line(`U00011903 Deleting client ${target} stopped: ${error instanceof Error ? error.message : String(error)}. The engine finishes it when it next starts.`);
      await act.end();
    }
  }
}

/**
 * What a CLNTDEL execution keeps as its definition: an object body naming it, with the client it
 * deletes, so that everything reading executions' definitions reads it as one.
 */
function deletionDefinition(target: number): ObjectBody & { client: number } {
  return { general_attributes: { name: `${CLIENT_DELETION}.${target}`, type: CLIENT_DELETION }, client: target };
}

/** The client a CLNTDEL execution deletes (also from a definition holding nothing else). */
const DeletionDefinition = z.looseObject({ client: z.int() });
