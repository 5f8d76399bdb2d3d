import { describe, expect, it } from "vitest";
import { EmbeddedAgent } from "./embedded-agent";
import { eventually, isRunning, jobRequest, OutputRecorder } from "./job-test-support";

describe("EmbeddedAgent", () => {
  it("defaults to the UNIX platform", () => {
    const agent = new EmbeddedAgent({ name: "LOCAL" });

    expect(agent.name).toBe("LOCAL");
    expect(agent.platform).toBe("UNIX");
  });

  it("runs jobs and counts the ones still running", async () => {
    const agent = new EmbeddedAgent({ name: "LOCAL" });
    const output = new OutputRecorder();

    const job = agent.run(jobRequest("echo hello", { run_id: 5 }), output.onOutput);
    expect(agent.runningCount).toBe(1);

    expect(await job.result).toMatchObject({ run_id: 5, exit_code: 0, ended_by: "exit" });
    expect(output.text).toBe("hello\n");
    expect(agent.runningCount).toBe(0);
  });

  it("stop waits for a short job, cancels a long one and refuses new jobs", async () => {
    const agent = new EmbeddedAgent({ name: "LOCAL", killGraceMs: 200 });
    const longOutput = new OutputRecorder();
    agent.run(jobRequest("sleep 0.2\necho short done", { run_id: 1 }), () => {});
    agent.run(jobRequest("echo started\nsleep 30", { run_id: 2 }), longOutput.onOutput);
    await longOutput.waitFor(/started/);

    const stoppedAt = performance.now();
    const results = await agent.stop(600);

    expect(performance.now() - stoppedAt).toBeLessThan(1500);
    expect(results).toEqual([
      { run_id: 1, exit_code: 0, signal: null, ended_by: "exit" },
      { run_id: 2, exit_code: null, signal: "SIGTERM", ended_by: "cancel", message: "cancelled" },
    ]);
    expect(agent.runningCount).toBe(0);
    expect(() => agent.run(jobRequest("echo late"), () => {})).toThrow("agent LOCAL is stopped");
  });

  it("stop returns as soon as every job has ended within the grace", async () => {
    const agent = new EmbeddedAgent({ name: "LOCAL" });
    agent.run(jobRequest("exit 4"), () => {});

    const stoppedAt = performance.now();
    const results = await agent.stop(5000);

    expect(performance.now() - stoppedAt).toBeLessThan(1000);
    expect(results).toEqual([{ run_id: 1, exit_code: 4, signal: null, ended_by: "exit" }]);
  });

  it("starts jobs from a launcher process, which stop ends", async () => {
    const agent = new EmbeddedAgent({ name: "LOCAL" });
    const output = new OutputRecorder();
    await agent.run(jobRequest("echo $PPID"), output.onOutput).result;
    const launcher = Number(output.text);
    expect(launcher).not.toBe(process.pid);
    expect(isRunning(launcher)).toBe(true);

    await agent.stop(1000);

    await eventually(() => !isRunning(launcher), `launcher ${launcher} has ended`, 2000);
  });
});
