import { describe, expect, it } from "vitest";
import { parseProcessStat, processesCpuSeconds } from "./cpu";

describe("parseProcessStat", () => {
  it("counts fields after the command name, even one with spaces and parentheses", () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
    const stat = "4242 (postgres: x (y) idle) S 17 4242 4242 0 -1 4194560 900 0 0 0 250 50 1200 300 20 0 1 0 100 0 0";
    expect(parseProcessStat(stat)).toEqual({ ppid: 17, cpuSeconds: 3, endedChildrenCpuSeconds: 15 });
  });
});

describe("processesCpuSeconds", () => {
  it("reads this process's CPU time from /proc, and grows as it works", () => {
    const before = processesCpuSeconds([process.pid]);
    const until = performance.now() + 100;
    while (performance.now() < until) Math.sqrt(Math.random());
    expect(processesCpuSeconds([process.pid])).toBeGreaterThan(before);
  });

  it("counts a process that has ended as nothing", () => {
    expect(processesCpuSeconds([2 ** 22 + 1])).toBe(0);
  });
});
