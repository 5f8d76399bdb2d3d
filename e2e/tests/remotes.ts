import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Where the tests make the bare repositories the client's repository clones: the one local path
 * the server allows remotes under (BATON_REPOSITORY_ROOTS, set in playwright.config.ts).
 */
export const E2E_REPOSITORY_ROOT = join(tmpdir(), "baton-e2e-remotes");
