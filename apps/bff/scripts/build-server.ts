import { buildServer, SERVER_BUNDLE } from "../src/server-bundle";

const started = performance.now();
await buildServer();
console.log(`Server bundled into ${SERVER_BUNDLE} in ${Math.round(performance.now() - started)} ms`);
