import { createHash, randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ErrorCode, RaSolutionManifest, type InRASolutionBody, type OutRASolution, type OutRASolutionsList } from "@baton/contract";
import { fromBuffer, type Entry, type ZipFile } from "yauzl";
import { z } from "zod";
import { requirePrivilege } from "../auth/access";
import type { Principal } from "../auth/authenticator";
import { BadRequestError, ConflictError, NotFoundError, invalid } from "../domain/errors";
import { wireTime } from "../domain/wire-time";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../http/json-depth";
import { parseWellFormedJson } from "../http/well-formed-json";
import type { FolderService } from "../objects/folder-service";
import type { Clock } from "../runtime/clock";
import type { Store } from "../store/connect";

/** Largest unpacked package, and most files in one. */
const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
const MAX_ENTRIES = 10_000;
/**
 * Longest version an upload may have. Packages are kept as `<NAME>~<version>.zip`: with the longest
 * name (200 characters) that is at most 255, the longest file name file systems allow.
 */
const MAX_VERSION_LENGTH = 50;
/** Between name and version in an upload's file name: a character neither may hold. */
const SEPARATOR = "~";

/** One uploaded package: its solution, version and file name. */
interface Upload {
  name: string;
  version: string;
  file: string;
}
const ObjectsFile = z.object({ data: z.array(z.unknown()) });

export interface RaSolutionDeps {
  /** Where uploaded packages are kept (DATA_DIR/ra-solutions); undefined disables uploads. */
  dir: string | undefined;
  store: Store;
  clock: Clock;
  folders: FolderService;
}

/**
 * RA solutions: packages (zip with manifest.json and its objects as a folder export) uploaded with
 * a checksum, then installed into client 0 below RA/<NAME>, or updated to a newer upload.
 */
export class RaSolutionService {
  constructor(private readonly deps: RaSolutionDeps) {}

  /**
   * Checks the package (checksum, signature policy, manifest, objects file) and keeps it as
   * `<NAME>-<version>.zip`; an upload of a version already uploaded replaces it.
   */
  async upload(principal: Principal, body: Buffer, check: { checksum: string; algorithm: "MD5" | "SHA1" | "SHA256"; ignoreSignature: boolean }): Promise<OutRASolution> {
    requirePrivilege(principal, "SYSTEM_ADMINISTRATION");
    const dir = this.#dir();
    const actual = createHash(check.algorithm === "SHA1" ? "sha1" : check.algorithm.toLowerCase()).update(body).digest("hex");
    if (actual !== check.checksum.toLowerCase()) throw invalid(ErrorCode.INVALID_REQUEST, "checksum", `does not match the package (its ${check.algorithm} is ${actual})`, check.checksum);
    if (!check.ignoreSignature) throw invalid(ErrorCode.INVALID_REQUEST, "ignore-signature", "Baton does not verify package signatures: send ignore-signature: true to install unsigned packages", false);
    const { manifest, objects } = await readPackage(body);
    if (manifest.version.length > MAX_VERSION_LENGTH) throw invalid(ErrorCode.INVALID_REQUEST, "manifest.json.version", `must be at most ${MAX_VERSION_LENGTH} characters`, null);
    objects(); // refused now rather than at install
    await mkdir(dir, { recursive: true });
    // A name of fixed length: the package's own may be as long as file names can be.
    const partial = join(dir, `.${randomUUID()}.partial`);
    await writeFile(partial, body);
    await rename(partial, join(dir, `${manifest.name}${SEPARATOR}${manifest.version}.zip`));
    return this.get(principal, manifest.name);
  }

  /** Imports the solution's objects (overwriting earlier ones) into client 0 and records the version. */
  async install(principal: Principal, input: InRASolutionBody): Promise<OutRASolution> {
    requirePrivilege(principal, "SYSTEM_ADMINISTRATION");
    const uploads = await this.#uploadsOf(input.name);
    const upload = input.version === undefined ? uploads.at(-1) : uploads.find((u) => u.version === input.version);
    if (upload === undefined) throw new NotFoundError(ErrorCode.OBJECT_NOT_FOUND, "RA solution not found.", `No upload of ${input.name}${input.version ? ` ${input.version}` : ""}; upload it first.`);
    const { version } = upload;
    const { manifest, objects } = await readPackage(await readFile(join(this.#dir(), upload.file)));
    await this.deps.folders.import(principal, objects(), { folderPath: `RA/${manifest.name}`, overwrite: true });
    const row = { name: manifest.name, version, installed_at: this.deps.clock.now(), installed_by: principal.userName };
    await this.deps.store.db
      .insertInto("ra_solutions")
      .values(row)
      .onConflict((conflict) => conflict.column("name").doUpdateSet({ version: row.version, installed_at: row.installed_at, installed_by: row.installed_by }))
      .execute();
    return this.get(principal, manifest.name);
  }

  async list(principal: Principal): Promise<OutRASolutionsList> {
    requirePrivilege(principal, "SYSTEM_OVERVIEW");
    const names = new Set([...(await this.#uploads()).map((upload) => upload.name), ...(await this.deps.store.db.selectFrom("ra_solutions").select("name").execute()).map((row) => row.name)]);
    const data = await Promise.all([...names].sort().map((name) => this.#describe(name)));
    return { total: data.length, data, hasmore: false };
  }

  async get(principal: Principal, name: string): Promise<OutRASolution> {
    requirePrivilege(principal, "SYSTEM_OVERVIEW");
    const found = await this.#describe(name.toUpperCase());
    if (found.uploaded_versions.length === 0 && found.installed_version === null) throw new NotFoundError(ErrorCode.OBJECT_NOT_FOUND, "RA solution not found.", `There is no RA solution '${name}'.`);
    return found;
  }

  async #describe(name: string): Promise<OutRASolution> {
    const uploads = await this.#uploadsOf(name);
    const versions = uploads.map((upload) => upload.version);
    const installed = await this.deps.store.db.selectFrom("ra_solutions").selectAll().where("name", "=", name).executeTakeFirst();
    const latest = uploads.at(-1);
    const manifest = latest === undefined ? undefined : (await readPackage(await readFile(join(this.#dir(), latest.file)))).manifest;
    return {
      name,
      title: manifest?.title ?? "",
      description: manifest?.description ?? "",
      uploaded_versions: versions,
      installed_version: installed?.version ?? null,
      installed_at: installed ? wireTime(installed.installed_at) : null,
      installed_by: installed?.installed_by ?? null,
      status: installed === undefined ? "uploaded" : latest !== undefined && compareVersions(latest.version, installed.version) > 0 ? "update_available" : "installed",
    };
  }

  /** The uploads of a solution, oldest version first. */
  async #uploadsOf(name: string): Promise<Upload[]> {
    return (await this.#uploads()).filter((upload) => upload.name === name).sort((a, b) => compareVersions(a.version, b.version));
  }

  /**
   * Every upload, one per solution and version. Files kept as `<NAME>-<version>.zip` before the
   * separator was `~` are told by their manifest (both name and version may hold `-`), and give way
   * to an upload of the same version since; a file that does not read as a package is left out.
   */
  async #uploads(): Promise<Upload[]> {
    const files = (await readdir(this.#dir()).catch(() => [] as string[])).filter((file) => file.endsWith(".zip"));
    const uploads = new Map<string, Upload>();
    for (const file of files.filter((f) => f.includes(SEPARATOR))) {
      const cut = file.lastIndexOf(SEPARATOR);
      uploads.set(file.slice(0, -".zip".length), { name: file.slice(0, cut), version: file.slice(cut + 1, -".zip".length), file });
    }
    for (const file of files.filter((f) => !f.includes(SEPARATOR))) {
      const read = await readFile(join(this.#dir(), file)).then(readPackage).catch(() => undefined);
      if (read === undefined) continue;
      const { name, version } = read.manifest;
      const key = `${name}${SEPARATOR}${version}`;
      if (!uploads.has(key)) uploads.set(key, { name, version, file });
    }
    return [...uploads.values()];
  }

  #dir(): string {
    if (this.deps.dir === undefined) throw new ConflictError(ErrorCode.CONFLICT, "RA solutions are not available.", "They need a data directory.");
    return this.deps.dir;
  }
}

/** Compares versions part by part as numbers (1.10 after 1.9). */
function compareVersions(a: string, b: string): number {
  const parts = (version: string) => version.split(/[-+]/)[0]?.split(".").map(Number) ?? [];
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const difference = (x[i] ?? 0) - (y[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The manifest of a package and a reader of its objects (read only when needed, so that listing
 * uploads does not parse them); 400 saying what is wrong with either. Neither may nest deeper than
 * request bodies may: the import walks the objects recursively.
 */
async function readPackage(body: Buffer): Promise<{ manifest: RaSolutionManifest; objects: () => unknown[] }> {
  const files = await unzip(body).catch((error: unknown) => {
    throw invalid(ErrorCode.INVALID_REQUEST, "body", `is not a readable zip package: ${error instanceof Error ? error.message : String(error)}`, null);
  });
  const json = (name: string) => {
    const content = files.get(name);
    if (content === undefined) throw invalid(ErrorCode.INVALID_REQUEST, "body", `the package has no ${name}`, null);
    if (nestsDeeperThan(content)) throw invalid(ErrorCode.INVALID_REQUEST, "body", `${name} of the package nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`, null);
    try {
      return parseWellFormedJson(content.toString("utf8"));
    } catch (error) {
      const why = error instanceof BadRequestError ? `: ${error.details}` : "";
      throw invalid(ErrorCode.INVALID_REQUEST, "body", `${name} of the package is not JSON${why}`, null);
    }
  };
  const manifest = RaSolutionManifest.safeParse(json("manifest.json"));
  if (!manifest.success) throw invalid(ErrorCode.INVALID_REQUEST, `manifest.json.${manifest.error.issues[0]?.path.join(".") ?? ""}`, manifest.error.issues[0]?.message ?? "is not a solution manifest", null);
  const objects = () => {
    const file = ObjectsFile.safeParse(json(manifest.data.objects));
    if (!file.success) throw invalid(ErrorCode.INVALID_REQUEST, "body", `${manifest.data.objects} must be a folder export ({"data": [...]})`, null);
    return file.data.data;
  };
  return { manifest: manifest.data, objects };
}

/** Every file of a zip by name, within the size and count limits. */
function unzip(body: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(body, { lazyEntries: true }, (error, zip: ZipFile | undefined) => {
      if (error || zip === undefined) return reject(error ?? new Error("no zip"));
      const files = new Map<string, Buffer>();
      let total = 0;
      zip.on("error", reject);
      zip.on("end", () => resolve(files));
      zip.on("entry", (entry: Entry) => {
        total += entry.uncompressedSize;
        if (files.size >= MAX_ENTRIES || total > MAX_UNPACKED_BYTES) return reject(new Error("the package is too large unpacked"));
        if (entry.fileName.endsWith("/")) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || stream === undefined) return reject(streamError ?? new Error("unreadable entry"));
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", reject);
          stream.on("end", () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

