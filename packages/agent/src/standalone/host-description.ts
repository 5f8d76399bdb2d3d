import { arch, cpus, networkInterfaces, platform, release, totalmem, type } from "node:os";
import type { AgentHello } from "@baton/contract";

/** The agent's version, reported to the engine with every hello. */
export const AGENT_VERSION = "0.1.0";

/** What an agent tells the engine about its host in its hello. */
export function describeHost(): Pick<AgentHello, "version" | "platform" | "hardware" | "software" | "ip_address"> {
  return {
    version: AGENT_VERSION,
    platform: platform() === "win32" ? "WINDOWS" : "UNIX",
    hardware: `${arch()}, ${cpus().length} CPUs, ${Math.round(totalmem() / 2 ** 30)} GiB`,
    software: `${type()} ${release()}, Node.js ${process.version}`,
    ip_address: firstAddress(),
  };
}

/** The host's first external IPv4 address, else empty (the engine then uses the connection's). */
function firstAddress(): string {
  for (const addresses of Object.values(networkInterfaces())) {
    const external = addresses?.find((address) => address.family === "IPv4" && !address.internal);
    if (external) return external.address;
  }
  return "";
}
