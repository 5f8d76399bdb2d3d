import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { AgentConfigFile, AgentNameInput, ErrorCode, type InAgentPacksBody, type OutAgentPack } from "@baton/contract";
import ini from "ini";
import { ZipFile } from "yazl";
import { requirePrivilege } from "../auth/access";
import type { Principal } from "../auth/authenticator";
import { ConflictError, NotFoundError, invalid } from "../domain/errors";
import type { AgentRegistry } from "./agent-registry";

export interface AgentPackDeps {
  /** Where packages are kept (DATA_DIR/agentpacks); undefined disables them. */
  dir: string | undefined;
  /** `baton-agent` as one runnable JavaScript file. */
  bundle: (() => Promise<Buffer>) | undefined;
  registry: AgentRegistry;
  /** PEM texts of the certificates the engine serves HTTPS with; packages trust them. */
  certificates: readonly string[];
}

const START_SH = '#!/bin/sh\n# Starts the agent with the configuration beside it (Node.js 20 or newer on the PATH).\ncd "$(dirname "$0")" && exec node baton-agent.mjs --config agent.ini "$@"\n';
const START_CMD = '@echo off\r\nrem Starts the agent with the configuration beside it (Node.js 20 or newer on the PATH).\r\ncd /d "%~dp0"\r\nnode baton-agent.mjs --config agent.ini %*\r\n';

/**
 * Agent packages: a zip holding `baton-agent` bundled into one file, its agent.ini (engine URL,
 * name, the request's config_update merged in), the agent's own new credential (`agent-key`) and
 * start scripts; never the operator's enrolment token. Unzipped and started, it connects as that
 * agent, already authenticated. A package is made for a new name (which becomes the requesting
 * client's agent) or for an agent the client administers.
 */
export class AgentPackService {
  constructor(private readonly deps: AgentPackDeps) {}

  async create(principal: Principal, input: InAgentPacksBody, engineUrl: string): Promise<OutAgentPack> {
    requirePrivilege(principal, "AGENTS");
    const { dir, bundle } = this.#enabled();
    const update = configUpdate(input.config_update);
    const name = packageName(input.name, update);
    const config = this.#config(name, update, input.engine_url ?? engineUrl);
    const key = await this.deps.registry.issueKey(principal, name, input.platform);
    const zip = new ZipFile();
    zip.addBuffer(await bundle(), "baton-agent/baton-agent.mjs", { mode: 0o100644 });
    zip.addBuffer(Buffer.from(ini.stringify(config)), "baton-agent/agent.ini", { mode: 0o100600 });
    zip.addBuffer(Buffer.from(`${key}\n`), "baton-agent/agent-key", { mode: 0o100600 });
    if (config.ENGINE?.ca !== undefined) zip.addBuffer(Buffer.from(this.deps.certificates.join("\n")), `baton-agent/${config.ENGINE.ca}`, { mode: 0o100644 });
    zip.addBuffer(Buffer.from(START_SH), "baton-agent/start.sh", { mode: 0o100755 });
    zip.addBuffer(Buffer.from(START_CMD), "baton-agent/start.cmd", { mode: 0o100644 });
    zip.end();
    const filename = `baton-agent-${name}-${randomBytes(6).toString("hex")}.zip`;
    const clientDir = packsOf(dir, principal);
    await mkdir(clientDir, { recursive: true, mode: 0o700 });
    const partial = join(clientDir, `.${filename}.partial`);
    try {
      await pipeline(zip.outputStream, createWriteStream(partial, { mode: 0o600 }));
      await rename(partial, join(clientDir, filename));
    } finally {
      await rm(partial, { force: true });
    }
    return { filename, link: `/ae/api/v1/${principal.client}/system/agentpacks/${filename}` };
  }

  /** Where the package's agent reaches the engine unless the request names it (AgentRegistry.engineAddress). */
  engineAddress(requestOrigin: string): Promise<string> {
    return this.deps.registry.engineAddress(requestOrigin);
  }

  /**
   * A package's bytes as a stream, for the client that made it (it holds an agent's credential);
   * `filename` was checked to be a package file name (no path).
   */
  async read(principal: Principal, filename: string): Promise<AsyncIterable<Uint8Array>> {
    requirePrivilege(principal, "AGENTS");
    const path = join(packsOf(this.#enabled().dir, principal), filename);
    const found = await stat(path).then((file) => file.isFile()).catch(() => false);
    if (!found) throw new NotFoundError(ErrorCode.NOT_FOUND, "Agent package not found.", `There is no agent package '${filename}'.`);
    return createReadStream(path);
  }

  /** agent.ini: the package's settings with `config_update` merged over them, named `name`. */
  #config(name: string, update: AgentConfigFile, engineUrl: string): AgentConfigFile {
    // The package's agent presents its own credential (agent-key), never a token of the engine's.
    const { token: _token, ...engine } = update.ENGINE ?? {};
    return {
      ...update,
      GLOBAL: { ...update.GLOBAL, name },
      ENGINE: { ...engine, url: engineUrl, ...(engineUrl.startsWith("https:") && this.deps.certificates.length > 0 && { ca: "engine-ca.pem" }) },
      AGENT: { ...update.AGENT, dir: "." },
    };
  }

  #enabled(): { dir: string; bundle: () => Promise<Buffer> } {
    const { dir, bundle } = this.deps;
    if (dir === undefined || bundle === undefined) throw new ConflictError(ErrorCode.CONFLICT, "Agent packages are not available.", "They need a data directory and the agent's bundle.");
    return { dir, bundle };
  }
}

/** `config_update` read as an agent configuration (INI sections GLOBAL, ENGINE, AGENT, and any others). */
function configUpdate(text: string | undefined): AgentConfigFile {
  const update = AgentConfigFile.safeParse(text === undefined ? {} : ini.parse(text));
  if (!update.success) throw invalid(ErrorCode.INVALID_REQUEST, "config_update", "is not an agent configuration (INI sections GLOBAL, ENGINE, AGENT)", text);
  return update.data;
}

/**
 * The package's agent: `name`, else `config_update`'s [GLOBAL] name ("Working with Agents": the
 * name parameter is optional). With both, `name` wins and the package's agent.ini carries it:
 * the credential is made for one agent, and agent.ini must name that one.
 */
function packageName(name: string | undefined, update: AgentConfigFile): string {
  if (name !== undefined) return name;
  const named = AgentNameInput.safeParse(update.GLOBAL?.name ?? "");
  if (named.success) return named.data;
  if (update.GLOBAL?.name === undefined) throw invalid(ErrorCode.INVALID_REQUEST, "name", "is required unless config_update names the agent in [GLOBAL] name", undefined);
  throw invalid(ErrorCode.INVALID_REQUEST, "config_update", "names the agent with a name that is not an agent name (A-Z, 0-9, _ . $ @ # -)", update.GLOBAL.name);
}

/** Each client's packages are kept apart: one client cannot fetch another's agent credential. */
function packsOf(dir: string, principal: Principal): string {
  return join(dir, String(principal.client));
}
