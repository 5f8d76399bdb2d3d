export { DEFAULT_KILL_GRACE_MS, runJob, type RunJobOptions, type RunningJob } from "./run-job";
export { EmbeddedAgent, type EmbeddedAgentOptions } from "./embedded-agent";
export { JOB_LAUNCHER_FILE } from "./launcher/launcher-client";
export { AGENT_VERSION, describeHost } from "./standalone/host-description";
