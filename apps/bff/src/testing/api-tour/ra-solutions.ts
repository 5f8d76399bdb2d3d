import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import type { ApiTour } from "./tour";

const SOLUTIONS = "/{client_id}/system/ra-solutions";
const SYSTEM = { client_id: 0 };

/** A zip holding `files` (name → text), made with Python's zipfile. */
function zip(files: Record<string, string>): Buffer {
  const script = "import io,json,sys,zipfile\nb=io.BytesIO()\nz=zipfile.ZipFile(b,'w')\nfor n,t in sorted(json.load(sys.stdin).items()): z.writestr(zipfile.ZipInfo(n,(2030,1,1,0,0,0)),t)\nz.close()\nsys.stdout.buffer.write(b.getvalue())";
  return execFileSync("python3", ["-c", script], { input: JSON.stringify(files) });
}

/** An RA solution package installing one job. */
function solutionPackage(): Buffer {
  const job = { jobs: { general_attributes: { name: "RA.TOUR.JOB", type: "JOBS" }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: ["echo from the solution"] }] }, path: "" };
  return zip({ "manifest.json": JSON.stringify({ name: "tour", version: "1.0.0", title: "Tour solution", objects: "content/objects.json" }), "content/objects.json": JSON.stringify({ data: [job] }) });
}

/** Uploads an RA solution to the system client, installs it and reads it. */
export async function tourRaSolutions(tour: ApiTour): Promise<void> {
  const data = solutionPackage();
  const upload = (checksum: string) => ({
    params: SYSTEM,
    body: { type: "application/octet-stream", data, shown: `(a zip file of ${data.length} bytes)` },
    headers: { checksum, "ignore-signature": "true" },
  });
  await tour.call(`POST ${SOLUTIONS}/upload`, { title: "Upload a solution package", ...upload(createHash("md5").update(data).digest("hex")) });
  await tour.call(`POST ${SOLUTIONS}/upload`, { title: "A checksum that does not match", ...upload("00ff") }, 400);
  await tour.call(`POST ${SOLUTIONS}`, { title: "Install the latest upload of a solution", params: SYSTEM, json: { name: "tour" } });
  await tour.call(`POST ${SOLUTIONS}`, { title: "An installation without the solution's name", params: SYSTEM, json: {} }, 400);
  await tour.call(`GET ${SOLUTIONS}`, { title: "The solutions", params: SYSTEM });
  await tour.call(`GET ${SOLUTIONS}`, { title: "A client other than the system client" }, 403);
  await tour.call(`GET ${SOLUTIONS}/{object_name}`, { title: "A solution", params: { ...SYSTEM, object_name: "tour" } });
  await tour.call(`GET ${SOLUTIONS}/{object_name}`, { title: "A solution that does not exist", params: { ...SYSTEM, object_name: "none" } }, 404);
}
