// pnpm api-examples: walks every operation of a fresh Baton and writes the examples the OpenAPI
// document carries (packages/contract/src/openapi/examples.json), docs/api-examples.md and one
// example per area in docs/api.md.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { examplesOf } from "../src/testing/api-examples";
import { examplesMarkdown, withAreaExamples } from "../src/testing/api-examples-markdown";
import { runApiTour } from "../src/testing/api-tour";
import { TOUR_REPOSITORY_ENV } from "../src/testing/api-tour/repositories";
import { startTestBaton } from "../src/testing/test-baton";

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

const test = await startTestBaton("sqlite", TOUR_REPOSITORY_ENV);
try {
  const document: unknown = await (await fetch(`${test.baton.restUrl}/openapi.json`)).json();
  const examples = examplesOf(await runApiTour(test));
  writeFileSync(root("packages/contract/src/openapi/examples.json"), `${JSON.stringify(examples, null, 2)}\n`);
  writeFileSync(root("docs/api-examples.md"), examplesMarkdown(document, examples));
  writeFileSync(root("docs/api.md"), withAreaExamples(readFileSync(root("docs/api.md"), "utf8"), document, examples));
  console.log(`Examples of ${Object.keys(examples).length} operations written to packages/contract/src/openapi/examples.json, docs/api-examples.md and docs/api.md (one per area)`);
} finally {
  await test.stop();
}
