import { main } from "./cli";

// The program of `baton-agent`: bin/baton-agent.mjs runs it from source, agent packages bundle it.
await main(process.argv.slice(2), process.env);
