import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runGit } from "./git-process";
import { GitWorkspace } from "./git-workspace";

const PROTOCOLS = ["file"];

describe("GitWorkspace.showAll (real git)", () => {
  let dir: string;
  let git: GitWorkspace;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "baton-git-workspace-"));
    const run = (args: string[]) => runGit(args, { cwd: dir, protocols: PROTOCOLS, timeoutMs: 10_000 });
    await run(["init", "--quiet"]);
    mkdirSync(join(dir, "SUB"));
    // Sizes are bytes: a multi-byte character and a byte that is no UTF-8 come before other files.
    writeFileSync(join(dir, "SUB", "bytes.json"), Buffer.concat([Buffer.from('{"name":"é€"}\n'), Buffer.from([0xff, 0x0a])]));
    writeFileSync(join(dir, "a.json"), '{"name":"A"}');
    writeFileSync(join(dir, "empty.json"), "");
    writeFileSync(join(dir, "line\nbreak.json"), '{"name":"broken"}');
    await run(["add", "--all"]);
    await run(["-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "--quiet", "-m", "files"]);
    git = new GitWorkspace(dir, undefined, { protocols: PROTOCOLS, timeoutMs: 10_000, logger: pino({ level: "silent" }), remote: () => Promise.reject(new Error("no remote")) });
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads many files in one batch, each as show reads it, undefined where there is no file", async () => {
    const files = [
      { commit: "HEAD", path: "SUB/bytes.json" },
      { commit: "HEAD", path: "a.json" },
      { commit: "HEAD", path: "missing.json" },
      { commit: "HEAD", path: "SUB" },
      { commit: "HEAD", path: "empty.json" },
      { commit: "HEAD", path: "line\nbreak.json" },
      { commit: "no-such-branch", path: "a.json" },
      { commit: "HEAD", path: "a.json" },
    ];
    const texts = await git.showAll(files);
    // As show reads each file; a directory is no file's text (show would list it).
    const shown = await Promise.all(files.map(({ commit, path }) => (path === "SUB" ? undefined : git.show(commit, path))));
    expect(texts).toEqual(shown);
    expect(texts).toEqual(['{"name":"é€"}\n\ufffd\n', '{"name":"A"}', undefined, undefined, "", '{"name":"broken"}', undefined, '{"name":"A"}']);
    expect(await git.showAll([])).toEqual([]);
  });
});
