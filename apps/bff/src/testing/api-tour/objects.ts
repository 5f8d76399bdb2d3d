import { PLAIN_LOGIN, PLAIN_USER, type ApiTour } from "./tour";
import { jobEnvelope } from "../test-baton";
import { workflow } from "../workflow-envelope";

/** The folder of the tour's objects. */
export const TOUR_FOLDER = "TOUR";
/** A job that prints a greeting on the embedded agent. */
export const HELLO_JOB = "TOUR.HELLO";
/** A workflow running HELLO_JOB between START and END. */
export const HELLO_FLOW = "TOUR.FLOW";
/** A job asking for inputs through a prompt set. */
export const PROMPTED_JOB = "TOUR.PROMPTED";

const OBJECT_PATH = "/{client_id}/objects/{object_name}";
const OBJECT = `GET ${OBJECT_PATH}`;
/** An object imported, changed and deleted again by the tour. */
const SCRATCH = "TOUR.SCRATCH";
const IMPORT = "POST /{client_id}/objects";

const calendar = { data: { cale: { general_attributes: { name: "TOUR.CALENDAR" }, events: [{ line_number: "1", name: "WORKDAYS" }] } }, path: TOUR_FOLDER };
const schedule = {
  data: {
    jsch: {
      general_attributes: { name: "TOUR.DAILY" },
      schedule_attributes: { timezone: "Asia/Tokyo" },
      schedule_definitions: [{ line_number: "1", object_name: HELLO_JOB, start_time: "06:00", calendar: "TOUR.CALENDAR", calendar_event: "WORKDAYS" }],
    },
  },
  path: TOUR_FOLDER,
};
const prompts = { data: { prpt: { general_attributes: { name: "TOUR.PROMPTS" }, prompt_elements: [{ name: "TARGET#", type: "text", default: "/tmp" }, { name: "DAYS#", type: "number", default: "7" }] } }, path: TOUR_FOLDER };
const plainUser = { data: { user: { general_attributes: { name: PLAIN_USER.name }, user_attributes: { is_active: "1", is_locked: "0", password: PLAIN_USER.password }, privileges: [], authorizations: [] } }, path: "USERS" };

/** Imports the tour's objects and reads them back: definitions, inputs, time zone, usage, folders. */
export async function tourObjects(tour: ApiTour): Promise<void> {
  const hello = jobEnvelope(HELLO_JOB, ["echo Hello &WHO#"], { object_variables: [{ name: "&WHO#", value: "world" }] });
  await tour.call(IMPORT, { title: "Import a job", json: { ...hello, path: TOUR_FOLDER } });
  await tour.call(IMPORT, { title: "An object name with a blank", json: jobEnvelope("BAD NAME", ["true"]) }, 400);
  const prompted = jobEnvelope(PROMPTED_JOB, ["echo target=&TARGET# days=&DAYS#"], { prompt_set_list: [{ name: "TOUR.PROMPTS" }] });
  const setup = [{ ...workflow(HELLO_FLOW, [{ name: HELLO_JOB }], [2]), path: TOUR_FOLDER }, calendar, schedule, prompts, { ...prompted, path: TOUR_FOLDER }, plainUser];
  for (const envelope of setup) await tour.call(IMPORT, { title: "Import an object", json: envelope });

  await tour.call(OBJECT, { title: "Export an object", params: { object_name: HELLO_JOB } });
  await tour.call(OBJECT, { title: "An object that does not exist", params: { object_name: "TOUR.MISSING" } }, 404);
  await tour.call(`${OBJECT}/inputs`, { title: "The inputs an object asks for, with their defaults", params: { object_name: PROMPTED_JOB } });
  await tour.call(`${OBJECT}/inputs`, { title: "An object that does not exist", params: { object_name: "TOUR.MISSING" } }, 404);
  await tour.call(`${OBJECT}/timezone`, { title: "The time zone a schedule runs in", params: { object_name: "TOUR.DAILY" } });
  await tour.call(`${OBJECT}/timezone`, { title: "A user without the right to read the object", params: { object_name: "TOUR.DAILY" }, login: PLAIN_LOGIN }, 403);
  await tour.call(`${OBJECT}/ert`, { title: "The estimated runtime the next execution of a job starts with", params: { object_name: HELLO_JOB } });
  await tour.call(`${OBJECT}/ert`, { title: "An object that does not exist", params: { object_name: "TOUR.MISSING" } }, 404);
  await tour.call(`${OBJECT}/usage`, { title: "Where a job is used", params: { object_name: HELLO_JOB } });
  await tour.call(`${OBJECT}/usage`, { title: "An object that does not exist", params: { object_name: "TOUR.MISSING" } }, 404);
  const calendarEvent = `${OBJECT}/usage/calendarevent/{event_name}`;
  await tour.call(calendarEvent, { title: "Where a calendar event is used", params: { object_name: "TOUR.CALENDAR", event_name: "WORKDAYS" } });
  await tour.call(calendarEvent, { title: "A calendar that does not exist", params: { object_name: "TOUR.NO.CALENDAR", event_name: "WORKDAYS" } }, 404);

  const entries = [
    { jobs: { general_attributes: { name: "TOUR.NIGHTLY", type: "JOBS" }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: ["echo nightly"] }] }, path: "" },
    { scri: { general_attributes: { name: "TOUR.CLEANUP", type: "SCRI" }, scripts: [{ process: [':PRINT "cleaning up"'] }] }, path: "SCRIPTS" },
  ];
  await tour.call("POST /{client_id}/folderobjects", { title: "Import a folder", query: { folder_path: "TOUR/IMPORTED" }, json: { data: entries } });
  await tour.call("POST /{client_id}/folderobjects", { title: "A folder path that leaves the root", query: { folder_path: "TOUR/../.." }, json: { data: entries } }, 400);
  await tour.call("GET /{client_id}/folderobjects/{folder_path}", { title: "Export a folder", params: { folder_path: "TOUR/IMPORTED" } });
  await tour.call("GET /{client_id}/folderobjects/{folder_path}", { title: "A folder that does not exist", params: { folder_path: "TOUR/NOWHERE" } }, 404);

  // A scratch object is changed and deleted again, so the objects the rest of the tour sees stay as they are.
  const scratch = { data: { scri: { general_attributes: { name: SCRATCH, type: "SCRI", description: "A note" }, scripts: [{ process: [':PRINT "note"'] }] } }, path: TOUR_FOLDER };
  await tour.call(IMPORT, { title: "Import an object", json: scratch });
  await tour.call(`PATCH ${OBJECT_PATH}`, { title: "Change some members of an object", params: { object_name: SCRATCH }, json: { data: { scri: { general_attributes: { description: "A note, changed" } } } } });
  await tour.call(`PATCH ${OBJECT_PATH}`, { title: "An object that does not exist", params: { object_name: "TOUR.MISSING" }, json: { data: { scri: { general_attributes: { description: "?" } } } } }, 404);
  await tour.call(`PATCH ${OBJECT_PATH}`, { title: "A patch that renames the object", params: { object_name: SCRATCH }, json: { data: { scri: { general_attributes: { name: "TOUR.RENAMED" } } } } }, 400);
  await tour.call(`DELETE ${OBJECT_PATH}`, { title: "Delete an object", params: { object_name: SCRATCH } });
  await tour.call(`DELETE ${OBJECT_PATH}`, { title: "An object that does not exist", params: { object_name: "TOUR.MISSING" } }, 404);
  await tour.call(`DELETE ${OBJECT_PATH}`, { title: "An object a workflow uses", params: { object_name: HELLO_JOB } }, 400);
}

/** Searches the tour's objects. */
export async function tourSearch(tour: ApiTour): Promise<void> {
  const byName = { filter_identifier: "object_name", object_name: "TOUR.*" };
  await tour.call("POST /{client_id}/search", { title: "Search objects by name", json: { filters: [byName], sort_columns: [{ column: "name", order: "ASC" }], max_results: 5 } });
  await tour.call("POST /{client_id}/search", { title: "A search without filters", json: { filters: [] } }, 400);
}
