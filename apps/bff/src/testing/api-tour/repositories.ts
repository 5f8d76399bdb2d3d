import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OutRepositoryInit } from "@baton/contract";
import { PLAIN_LOGIN, type ApiTour } from "./tour";
import { jobEnvelope } from "../test-baton";
import { HELLO_JOB, TOUR_FOLDER } from "./objects";

const REPOSITORIES = "/{client_id}/repositories";
const BRANCH = `${REPOSITORIES}/branches/{branch_name}`;
const HELLO_FILE = `${TOUR_FOLDER}/${HELLO_JOB}.json`;
/** What a Baton needs for this part of the tour: local remotes allowed in the temporary directory, where the remote is made. */
export const TOUR_REPOSITORY_ENV = { BATON_REPOSITORY_ROOTS: tmpdir() };

/** Where the examples say the remote is. */
const SHOWN_REMOTE = "/srv/git/baton.git";

/**
 * Versions the client's definitions in a Git repository whose remote is a local bare repository:
 * initialise, change, commit, branch, compare, merge cleanly, merge with a conflict and abort, pull
 * and move the head back.
 */
export async function tourRepositories(tour: ApiTour): Promise<void> {
  const temp = mkdtempSync(join(tmpdir(), "baton-tour-git-"));
  const remote = join(temp, "baton.git");
  execFileSync("git", ["init", "--quiet", "--bare", "--initial-branch=main", remote], { env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" } });
  tour.show(remote, SHOWN_REMOTE);
  try {
    await walk(tour, remote);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

async function walk(tour: ApiTour, remote: string): Promise<void> {
  const greet = (line: string) => tour.call("POST /{client_id}/objects", { title: "Change a job", query: { overwrite_existing_objects: true }, json: { ...jobEnvelope(HELLO_JOB, [line]), path: TOUR_FOLDER } });
  const commit = (message: string) => tour.call(`POST ${REPOSITORIES}/commits`, { title: "Commit the changes", json: { message } });
  const branch = (branch_name: string, title: string, extra: Record<string, unknown> = {}, status = 200) => tour.call(`POST ${REPOSITORIES}/branches`, { title, json: { branch_name, ...extra } }, status);

  await tour.call(`GET ${REPOSITORIES}`, { title: "Before the repository is initialised" }, 404);
  await tour.call(`POST ${REPOSITORIES}`, { title: "A repository without its URL", json: { branch: "main" } }, 400);
  const init = OutRepositoryInit.parse(await tour.call(`POST ${REPOSITORIES}`, { title: "Initialise the repository from a remote", json: { repository_url: remote, branch: "main" } }));
  await tour.call(`GET ${REPOSITORIES}`, { title: "The repository" });

  await greet("echo Hello again &WHO#");
  await tour.call(`GET ${REPOSITORIES}/changes`, { title: "Uncommitted changes", query: { fields: "total" } });
  await tour.call(`GET ${REPOSITORIES}/changes`, { title: "An unknown field", query: { fields: "everything" } }, 400);
  await tour.call(`GET ${REPOSITORIES}/changes/diff`, { title: "An uncommitted change against HEAD", query: { object_path: HELLO_FILE } });
  await tour.call(`GET ${REPOSITORIES}/changes/diff`, { title: "An object path that is not in the repository", query: { object_path: `${TOUR_FOLDER}/TOUR.NONE.json` } }, 404);
  await tour.call(`POST ${REPOSITORIES}/commits`, { title: "Commit the changes", json: { message: "Greet again" } });
  await tour.call(`POST ${REPOSITORIES}/commits`, { title: "A commit without a message", json: {} }, 400);

  await branch("feature", "Create a branch");
  await branch("../escape", "A branch name that leaves the repository", {}, 400);
  await tour.call(`GET ${REPOSITORIES}/branches`, { title: "The branches" });
  await tour.call(`GET ${REPOSITORIES}/branches`, { title: "A user without the REPOSITORY privilege", login: PLAIN_LOGIN }, 403);
  await branch("feature", "Switch to a branch", { switch: true });
  await greet("echo Hello from the feature branch");
  await commit("Feature greeting");
  await branch("main", "Switch to a branch", { switch: true });

  await tour.call(`GET ${REPOSITORIES}/compare`, { title: "What a branch changes against another", query: { from: "main", to: "feature" } });
  await tour.call(`GET ${REPOSITORIES}/compare`, { title: "A comparison without its target", query: { from: "main" } }, 400);
  await tour.call(`GET ${BRANCH}/log`, { title: "The commits of a branch", params: { branch_name: "feature" }, query: { max_results: 5 } });
  await tour.call(`GET ${BRANCH}/log`, { title: "A branch that does not exist", params: { branch_name: "nothing" } }, 404);
  const sameFile = { object_path_ours: HELLO_FILE, object_path_theirs: HELLO_FILE };
  await tour.call(`GET ${BRANCH}/diff`, { title: "An object on two branches", params: { branch_name: "main" }, query: { branch_name_theirs: "feature", ...sameFile } });
  await tour.call(`GET ${BRANCH}/diff`, { title: "A branch that does not exist", params: { branch_name: "nothing" }, query: { branch_name_theirs: "feature", ...sameFile } }, 404);
  await tour.call(`POST ${REPOSITORIES}/merge`, { title: "Merge a branch", json: { branch_name: "feature" } });
  await tour.call(`POST ${REPOSITORIES}/merge`, { title: "A merge without its branch", json: {} }, 400);

  await branch("left", "Create a branch", { switch: true });
  await greet("echo Hello from the left");
  await commit("Left greeting");
  await branch("main", "Switch to a branch", { switch: true });
  await greet("echo Hello from main");
  await commit("Main greeting");
  await tour.call(`GET ${REPOSITORIES}/merge/preview`, { title: "What merging a branch would bring in, a conflict predicted", query: { branch_name: "left" } });
  await tour.call(`GET ${REPOSITORIES}/merge/preview`, { title: "A branch that does not exist", query: { branch_name: "nothing" } }, 404);
  await tour.call(`POST ${REPOSITORIES}/merge`, { title: "A merge with conflicts", json: { branch_name: "left" } });
  await tour.call(`GET ${REPOSITORIES}/merge/object`, { title: "One object at the merge base, on the active branch and on the merged one", query: { branch_name: "left", object_path: HELLO_FILE } });
  await tour.call(`GET ${REPOSITORIES}/merge/object`, { title: "An object path that is not in the repository", query: { branch_name: "left", object_path: `${TOUR_FOLDER}/TOUR.NONE.json` } }, 404);
  await tour.call(`DELETE ${REPOSITORIES}/merge`, { title: "Abort the merge" });
  await tour.call(`DELETE ${REPOSITORIES}/merge`, { title: "No merge to abort: nothing happens" });
  await tour.call(`DELETE ${REPOSITORIES}/merge`, { title: "A user without the REPOSITORY privilege", login: PLAIN_LOGIN }, 403);

  await tour.call(`POST ${REPOSITORIES}/pull`, { title: "Pull from the remote", json: {} });
  await tour.call(`POST ${REPOSITORIES}/pull`, { title: "A flag that is not a boolean", json: { overwrite: "maybe" } }, 400);
  const restore = `POST ${REPOSITORIES}/commits/{commit_id}`;
  await tour.call(restore, { title: "Restore the definitions of an earlier commit", params: { commit_id: init.head_commit }, json: {} });
  await tour.call(restore, { title: "A commit that does not exist", params: { commit_id: "0123456789abcdef" }, json: {} }, 404);
}
