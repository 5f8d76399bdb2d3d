import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ValidationError } from "../domain/errors";
import { CallbackPolicy } from "../runtime/callback-policy";
import { RemotePolicy } from "./remote-policy";

describe("RemotePolicy", () => {
  let temp: string;
  let roots: string;
  let dataDir: string;
  let outside: string;
  let closed: RemotePolicy;
  let local: RemotePolicy;

  beforeAll(() => {
    temp = realpathSync(mkdtempSync(join(tmpdir(), "baton-remote-policy-")));
    roots = join(temp, "roots");
    dataDir = join(roots, "data");
    outside = join(temp, "outside.git");
    for (const dir of [join(roots, "team.git"), join(roots, "100", "own.git"), join(roots, "0", "other.git"), join(dataDir, "repositories", "0"), outside]) mkdirSync(dir, { recursive: true });
    symlinkSync(outside, join(roots, "link.git"));
    closed = new RemotePolicy({ roots: [], privateDirs: [], addresses: new CallbackPolicy(undefined) });
    local = new RemotePolicy({ roots: [roots, join(roots, "{client}")], privateDirs: [dataDir], addresses: new CallbackPolicy(undefined) });
  });
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  /** The reason a URL is refused, or undefined when it is accepted. */
  async function refusal(policy: RemotePolicy, url: string, client = 100): Promise<string | undefined> {
    try {
      await policy.check(url, client);
      return undefined;
    } catch (error) {
      if (error instanceof ValidationError) return `${error.issues[0]?.path}: ${error.issues[0]?.error}`;
      throw error;
    }
  }

  it.each([
    ["../0", /must be an https, http, ssh or git URL/],
    ["0", /must be an https/],
    ["repositories/0", /must be an https/],
    ["fd::17", /remote helper/],
    ["ext::sh -c touch% /tmp/x", /remote helper/],
    ["git-remote-anything::x", /remote helper/],
    ["ftp://93.184.216.34/x.git", /must be an https, http, ssh, git or file URL/],
    ["http://127.0.0.1:9/x.git", /internal address 127.0.0.1/],
    ["http://2130706433:9/", /internal address 127.0.0.1/],
    ["http://0x7f.1/x.git", /internal address 127.0.0.1/],
    ["http://[::127.0.0.1]/", /internal address/],
    ["https://[::ffff:10.0.0.1]/x.git", /internal address/],
    ["https://169.254.169.254/latest", /internal address/],
    ["git://0x7f.1/x.git", /internal address 127.0.0.1/],
    ["git://2130706433/x.git", /internal address 127.0.0.1/],
    ["ssh://git@[::1]/x.git", /internal address ::1/],
    ["ssh://-oProxyCommand=touch%20x/y", /not a ssh:\/\/host\/path URL/],
    ["ssh://git@10.1.2.3:22/x.git", /internal address 10.1.2.3/],
    ["git@127.0.0.1:team/x.git", /internal address 127.0.0.1/],
    ["git@192.168.1.1:team/x.git", /internal address 192.168.1.1/],
    ["-uhost:x", /must be an https/],
    ["https://user:secret@93.184.216.34/x.git", /must not carry a login/],
    ["https://93.184.216.34/x.git\nfetch", /control characters/],
    ["/etc", /local repositories are allowed only below the directories of BATON_REPOSITORY_ROOTS, and none is set/],
    ["file:///etc", /none is set/],
  ])("refuses %s", async (url, reason) => {
    expect(await refusal(local, url)).toMatch(/^repository_url: /);
    expect(await refusal(url.startsWith("/") || url.startsWith("file:") ? closed : local, url)).toMatch(reason);
  });

  it.each([
    ["https://93.184.216.34/team/x.git", "https://93.184.216.34/team/x.git"],
    ["http://93.184.216.34:8080/x.git", "http://93.184.216.34:8080/x.git"],
    ["ssh://git@93.184.216.34:2222/team/x.git", "ssh://git@93.184.216.34:2222/team/x.git"],
    ["git@93.184.216.34:team/x.git", "git@93.184.216.34:team/x.git"],
    ["git://93.184.216.34/x.git", "git://93.184.216.34/x.git"],
  ])("accepts the remote %s as %s", async (url, gitUrl) => {
    expect(await closed.check(url, 100)).toEqual({ url: gitUrl, config: [] });
  });

  it("pins the addresses an http(s) host name was resolved to", async () => {
    const open = new RemotePolicy({ roots: [], privateDirs: [], addresses: new CallbackPolicy("127.0.0.0/8, ::1/128") });
    const checked = await open.check("http://localhost:8080/x.git", 100);
    expect(checked.url).toBe("http://localhost:8080/x.git");
    expect(checked.config[0]).toBe("-c");
    expect(checked.config[1]).toMatch(/^http\.curloptResolve=localhost:8080:(127\.0\.0\.1|\[::1\])(,(127\.0\.0\.1|\[::1\]))*$/);
  });

  it("accepts local repositories below a root, as their real path, as a path or a file URL", async () => {
    expect(await local.check(join(roots, "team.git"), 100)).toEqual({ url: join(roots, "team.git"), config: [] });
    expect(await local.check(pathToFileURL(join(roots, "team.git")).href, 100)).toEqual({ url: join(roots, "team.git"), config: [] });
    expect(await local.check(join(roots, "100", "own.git"), 100)).toEqual({ url: join(roots, "100", "own.git"), config: [] });
  });

  it("refuses local repositories outside the roots, through links, in the data directory, or missing", async () => {
    expect(await refusal(local, outside)).toMatch(/not below a directory of BATON_REPOSITORY_ROOTS/);
    expect(await refusal(local, join(roots, "..", "outside.git"))).toMatch(/not below a directory/);
    expect(await refusal(local, `${roots}-other/x.git`)).toMatch(/not below a directory/);
    expect(await refusal(local, join(roots, "link.git"))).toMatch(/through a symbolic link/);
    expect(await refusal(local, dataDir)).toMatch(/data directory/);
    expect(await refusal(local, join(dataDir, "repositories", "0"))).toMatch(/data directory/);
    expect(await refusal(local, roots)).toMatch(/data directory/);
    expect(await refusal(local, join(roots, "missing.git"))).toMatch(/does not exist/);
  });

  it("keeps a client to its own directory of a {client} root", async () => {
    const own = new RemotePolicy({ roots: [join(roots, "{client}")], privateDirs: [dataDir], addresses: new CallbackPolicy(undefined) });
    expect((await own.check(join(roots, "100", "own.git"), 100)).url).toBe(join(roots, "100", "own.git"));
    expect(await refusal(own, join(roots, "0", "other.git"), 100)).toMatch(/not below a directory/);
    expect(await refusal(own, join(roots, "100", "..", "0", "other.git"), 100)).toMatch(/not below a directory/);
    expect((await own.check(join(roots, "0", "other.git"), 0)).url).toBe(join(roots, "0", "other.git"));
  });

  it("lets git use file only when roots are set", () => {
    expect(closed.protocols).toEqual(["https", "http", "ssh", "git"]);
    expect(local.protocols).toEqual(["https", "http", "ssh", "git", "file"]);
  });
});
