import { Status, statusText, type JobResult, type ObjectBody } from "@baton/contract";
import type { Logger } from "pino";
import type { Execution } from "../domain/execution";
import type { ScriptValue } from "@baton/script";
import { groupMembers, pickAgents, readAgentGroup } from "../domain/agent-group";
import { jobTarget, objectVariables, RESTART_POINT_VARIABLE } from "../domain/job-script";
import { loginUserFor } from "../domain/login";
import { variablesAsEnvironment } from "../domain/prompt-sets";
import { findObject } from "../store/objects-store";
import { textClientSetting } from "../store/client-settings";
import { scriptPage } from "../domain/object-definition";
import type { ActivationContext } from "../executions/launcher";
import { EngineScriptHost } from "./script-host";
import { runScriptPage, scriptEndStatus, storedRunValues } from "./script-page";
import type { Store } from "../store/connect";
import type { Agent, RunningJob } from "./agent-port";
import type { Clock } from "./clock";
import type { ExecutionRecorder } from "./execution-recorder";
import { ReportWriter } from "./report-writer";
import { untilStored } from "./until-stored";

export interface JobRunnerDeps {
  store: Store;
  clock: Clock;
  recorder: ExecutionRecorder;
  agents: ReadonlyMap<string, Agent>;
  logger: Logger;
  /** Another live node that holds a connection of the standalone agent, if any (its jobs go there). */
  nodeOfAgent?: (agent: string) => Promise<string | undefined>;
  /** Whether the client may run jobs on the agent (its agent authorizations); every client may without it. */
  mayExecuteOn?: (client: number, agent: string) => Promise<boolean>;
}

interface RunningEntry {
  job: RunningJob | undefined;
  /** The agent the job was handed to, once it was. */
  agent: string | undefined;
  /** Whether the job takes one of its agent's job slots (from the hand-over until it ends). */
  holdsSlot: boolean;
  cancelled: boolean;
  done: Promise<void>;
}

/**
 * Runs JOBS executions: generates the shell script, hands it to the job's agent, streams the
 * output into the REP report and records each status change.
 */
export class JobRunner {
  readonly #running = new Map<number, RunningEntry>();
  /** Jobs placed per agent group so far, for round robin (mode N). */
  readonly #turns = new Map<string, number>();
  #shuttingDown = false;

  constructor(private readonly deps: JobRunnerDeps) {}

  /** Starts the job in the background; the returned promise settles once it has ended. */
  start(execution: Execution, definition: ObjectBody, context: ActivationContext): Promise<void> {
    const entry: RunningEntry = { job: undefined, agent: undefined, holdsSlot: false, cancelled: false, done: Promise.resolve() };
    entry.done = this.#run(execution, definition, context, entry)
      .catch((error: unknown) => this.#fail(execution, error))
      .finally(() => this.#running.delete(execution.runId));
    this.#running.set(execution.runId, entry);
    return entry.done;
  }

  /** Jobs the agent may still take now (Infinity without a limit, 0 for an agent not connected). */
  freeSlots(agentName: string): number {
    const agent = this.deps.agents.get(agentName);
    if (agent === undefined) return 0;
    if (agent.maxJobs === undefined || agent.maxJobs <= 0) return Number.POSITIVE_INFINITY;
    return agent.maxJobs - [...this.#running.values()].filter((e) => e.holdsSlot && e.agent === agentName).length;
  }

  get runningCount(): number {
    return this.#running.size;
  }

  /** From now on, jobs that the agents end are recorded as lost by the shutdown, not as cancelled. */
  beginShutdown(): void {
    this.#shuttingDown = true;
  }

  /** Resolves when every job has ended and its end is recorded. */
  async idle(): Promise<void> {
    await Promise.all([...this.#running.values()].map((r) => r.done));
  }

  async #run(execution: Execution, definition: ObjectBody, context: ActivationContext, entry: RunningEntry): Promise<void> {
    const { store, clock, recorder, agents } = this.deps;
    const act = new ReportWriter(store, clock, execution.client, execution.runId, "ACT");
    await act.open();
    act.line(`U00011409 Job '${execution.name}' activated with RunID '${execution.runId}' by ${execution.user}.`);
    // :RSET values of every page go back to the activator, :PSET values to the workflow.
    const returned = new Map<string, ScriptValue>();
    const passed = new Map<string, ScriptValue>();
    const collect = (result: { rsets: ReadonlyMap<string, ScriptValue>; psets: ReadonlyMap<string, ScriptValue> }) => {
      for (const [name, value] of result.rsets) returned.set(name, value);
      for (const [name, value] of result.psets) passed.set(name, value);
    };
    // A job that ran has ended: its end waits for a busy or full database rather than being lost.
    const end = (status: number, variables: ReadonlyMap<string, ScriptValue>, returnCode: number | null = null) =>
      this.#stored(`the end of RunID ${execution.runId}`, async () => {
        await act.end();
        const ended = await recorder.end(execution, { status, endTime: clock.now(), returnCode, variables: storedRunValues({ variables, returned, passed }) });
        if (ended === undefined) this.deps.logger.warn({ runId: execution.runId, status }, "the job's end is not recorded: another node ended it first (it took the job over while this node was presumed dead)");
      });

    // Generation: the pre-process page, then the process page whose text lines become the shell script.
    const host = new EngineScriptHost(store, clock, act, context);
    let variables: ReadonlyMap<string, ScriptValue> = new Map([...objectVariables(definition), ...context.inherited]);
    const preProcess = scriptPage(definition, "pre_process");
    if (preProcess.length > 0) {
      const pre = await runScriptPage(preProcess, "script", host, variables);
      variables = pre.variables;
      collect(pre);
      if (scriptEndStatus(pre) !== Status.ENDED_OK) {
        act.line("U00011411 The pre-process page ended not OK: the job does not start.");
        return end(Status.ENDED_NOT_OK, variables, pre.returnCode);
      }
    }
    // A restart from a restart point generates the process page from that :RESTART on (after the
    // lines before its first restart point): the steps that had already run are not sent again.
    const restartPoint = context.inherited.get(RESTART_POINT_VARIABLE);
    if (restartPoint !== undefined) act.line(`U00011423 Restart from restart point '${restartPoint}': the process page runs up to its first restart point, then from '${restartPoint}' on.`);
    const generated = await runScriptPage(scriptPage(definition, "process"), "job", host, variables, restartPoint === undefined ? undefined : String(restartPoint));
    variables = generated.variables;
    collect(generated);
    if (generated.outcome === "failed") {
      act.line("U00011412 The process page could not be generated: the job does not start.");
      return end(Status.ENDED_NOT_OK, variables, generated.returnCode);
    }

    const target = jobTarget(definition);
    const agent = agents.get(target.agent) ?? (await this.#agentOfGroup(execution.client, target.agent));
    if (agent === undefined) {
      const node = await this.deps.nodeOfAgent?.(target.agent);
      if (node !== undefined) {
        // The node holding the agent's connection takes the job from there (ExecutionService.startJobsWaitingForAgents).
        act.line(`U00011007 Agent '${target.agent}' is connected to node '${node}': the job is handed to that node.`);
        await act.end();
        await recorder.claim(execution, Status.PREPARING, { status: Status.WAITING_FOR_AGENT });
        return;
      }
      if ((await textClientSetting(store.db, execution.client, "UNKNOWN_AGENT")) === "WAIT") {
        // The scheduler starts it again once the agent is connected; cancel ends the wait.
        act.line(`U00011004 Agent '${target.agent}' is not connected: the job waits for it (UNKNOWN_AGENT = WAIT).`);
        await act.end();
        await recorder.claim(execution, Status.PREPARING, { status: Status.WAITING_FOR_AGENT });
        return;
      }
      act.line(`U00011001 Agent '${target.agent}' is not connected (nor, if it is an agent group, any of its agents): the job cannot start.`);
      return end(Status.FAULT_NO_HOST, variables);
    }
    if (agent.name !== target.agent) act.line(`U00011002 Agent group '${target.agent}' picked agent '${agent.name}'.`);
    // An agent the client is not authorized for never gets the job (nor its script and variables).
    if (this.deps.mayExecuteOn !== undefined && !(await this.deps.mayExecuteOn(execution.client, agent.name))) {
      act.line(`U00011008 Client ${execution.client} is not authorized to execute jobs on agent '${agent.name}': the job cannot start.`);
      return end(Status.FAULT_NO_HOST, variables);
    }
    entry.agent = agent.name;
    let osUser: string | undefined;
    if (target.login !== undefined) {
      const login = await findObject(store.db, execution.client, target.login);
      osUser = login?.type === "LOGIN" ? loginUserFor(login.body, agent.name) : undefined;
      if (osUser === undefined) {
        act.line(`U00011005 Login '${target.login}' ${login?.type === "LOGIN" ? `has no entry for agent '${agent.name}'` : "does not exist"}: the job cannot start.`);
        return end(Status.FAULT_OTHER, variables);
      }
    }
    if (entry.cancelled) {
      act.line("U00011416 The job was cancelled before it started.");
      return end(Status.ENDED_CANCEL, variables);
    }
    // An agent with a limit takes no more jobs at once: the job waits 1694 until one ends.
    if (this.freeSlots(agent.name) <= 0) {
      act.line(`U00011006 Agent '${agent.name}' runs its maximum of ${agent.maxJobs ?? 0} jobs: the job waits for one to end.`);
      await act.end();
      await recorder.claim(execution, Status.PREPARING, { status: Status.WAITING_FOR_RESOURCE, agent: agent.name });
      return;
    }
    // Taken before any await, so two jobs never see the same free slot.
    entry.holdsSlot = true;
    // Only from Preparing: an execution cancelled meanwhile has ended and must not start.
    const handed = await recorder.claim(execution, Status.PREPARING, { status: Status.START_INITIATED, agent: agent.name, platform: agent.platform });
    if (handed === undefined) {
      await act.end();
      return;
    }
    const rep = new ReportWriter(store, clock, execution.client, execution.runId, "REP");
    await rep.open();
    const script = generated.text.length === 0 ? "" : `${generated.text.join("\n")}\n`;
    const job = agent.run({ run_id: execution.runId, shell: target.shell, script, max_runtime_seconds: target.maxRuntimeSeconds, env: { ...variablesAsEnvironment(context.inherited), BATON_AGENT: agent.name, BATON_CLIENT: String(execution.client), BATON_JOB: execution.name }, ...(osUser !== undefined && { user: osUser }) }, (text) => rep.write(text));
    rep.pace(job);
    entry.job = job;
    // A cancel that arrived while the job was being handed over takes effect now.
    if (entry.cancelled) job.cancel();
    await recorder.change(execution, { status: Status.ACTIVE, startTime: clock.now() });
    act.line(`U00011408 Job '${execution.name}' started on agent '${agent.name}' with ${target.shell}.`);
    const result = await job.result;
    await this.#stored(`the output of RunID ${execution.runId}`, () => rep.end());
    let status = this.#endStatus(result);
    if (rep.lostCharacters > 0) {
      act.line(`U00011419 ${rep.lostCharacters} characters of the job's output could not be stored while the database refused writes (busy or full): report REP is incomplete.`);
      if (status === Status.ENDED_OK) status = Status.ENDED_NOT_OK;
    }
    if (rep.unpacedCharacters > 0) {
      act.line(`U00011418 ${rep.unpacedCharacters} characters of the job's output were dropped: agent '${agent.name}' went on sending it while asked to wait for the database: report REP is incomplete.`);
      if (status === Status.ENDED_OK) status = Status.ENDED_NOT_OK;
    }
    act.line(`U00011410 Job '${execution.name}' ended: ${statusText(status)}${result.exit_code === null ? "" : `, return code ${result.exit_code}`}${result.message ? ` (${result.message})` : ""}.`);

    // Post-processing sees the return code in &RETURN_CODE# and may fail the job.
    const postProcess = scriptPage(definition, "post_process");
    if (postProcess.length > 0 && !this.#shuttingDown) {
      const post = await runScriptPage(postProcess, "script", host, new Map([...variables, ["&RETURN_CODE#", result.exit_code ?? -1]]));
      variables = post.variables;
      collect(post);
      if (scriptEndStatus(post) !== Status.ENDED_OK) {
        act.line("U00011413 The post-process page ended not OK.");
        status = Status.FAULT_POST_PROCESSING;
      }
    }
    await end(status, variables, result.exit_code);
  }

  /**
   * For a job whose agent names an agent group (HOSTG) in mode A, F, N or L: the connected member
   * its mode picks (jobs of groups in mode X run through the agent group runner).
   */
  async #agentOfGroup(client: number, name: string): Promise<Agent | undefined> {
    const object = await findObject(this.deps.store.db, client, name);
    if (object?.type !== "HOSTG") return undefined;
    const group = readAgentGroup(object.body);
    const members = groupMembers(group, [...this.deps.agents.keys()]);
    const turn = this.#turns.get(`${client}/${name}`) ?? 0;
    this.#turns.set(`${client}/${name}`, turn + 1);
    const running = (agent: string) => [...this.#running.values()].filter((e) => e.agent === agent).length;
    const [picked] = pickAgents(group, members, running, turn);
    return picked === undefined ? undefined : this.deps.agents.get(picked);
  }

  /**
   * Cancels a job of this runner: a job not yet handed to its agent does not start, a running one
   * has its process group killed. False when the job is not in this runner.
   */
  cancel(runId: number): boolean {
    const entry = this.#running.get(runId);
    if (entry === undefined) return false;
    entry.cancelled = true;
    entry.job?.cancel();
    return true;
  }

  #endStatus(result: JobResult): number {
    switch (result.ended_by) {
      case "exit":
        return result.exit_code === 0 ? Status.ENDED_OK : Status.ENDED_NOT_OK;
      case "cancel":
        return this.#shuttingDown ? Status.ENDED_LOST : Status.ENDED_CANCEL;
      case "max_runtime":
        return Status.ENDED_ESCALATED;
      case "spawn_error":
        return Status.FAULT_OTHER;
      case "lost":
        return Status.ENDED_LOST;
    }
  }

  #stored<T>(what: string, write: () => Promise<T>): Promise<T> {
    return untilStored(write, { logger: this.deps.logger, what, stopping: () => this.#shuttingDown });
  }

  /** A job whose recording failed half way still gets an end, so nothing stays active forever. */
  async #fail(execution: Execution, error: unknown): Promise<void> {
    this.deps.logger.error({ err: error, runId: execution.runId }, "job failed in the engine");
    try {
      await this.deps.recorder.change(execution, { status: Status.FAULT_OTHER, endTime: this.deps.clock.now() });
    } catch (recordError) {
      this.deps.logger.error({ err: recordError, runId: execution.runId }, "could not record the job's failure");
    }
  }
}
