import type { TestBaton } from "./test-baton";
import { ApiTour } from "./api-tour/tour";
import { tourAgents } from "./api-tour/agents";
import { tourExecutions } from "./api-tour/executions";
import { tourForecasts } from "./api-tour/forecasts";
import { tourObjects, tourSearch } from "./api-tour/objects";
import { tourRaSolutions } from "./api-tour/ra-solutions";
import { tourRepositories } from "./api-tour/repositories";
import { tourService } from "./api-tour/service";
import { tourSystem } from "./api-tour/system";

/** What the tour did, and what the examples replace to read the same on every run. */
export type TourResult = Pick<ApiTour, "exchanges" | "replacements">;

/**
 * Walks every operation of the REST interface against `test`: sets up what each needs (objects, a
 * job run by the embedded agent, a workflow, a forecast, a Git repository, an agent, an RA
 * solution), calls each at least once with success and once with an error answer, and records it
 * all. Ends by deleting client 100, so `test` serves client 0 only afterwards.
 */
export async function runApiTour(test: TestBaton): Promise<TourResult> {
  const tour = new ApiTour(test);
  await tourService(tour);
  await tourObjects(tour);
  await tourSearch(tour);
  await tourExecutions(tour);
  await tourForecasts(tour);
  await tourRepositories(tour);
  await tourAgents(tour);
  await tourRaSolutions(tour);
  await tourSystem(tour);
  return { exchanges: tour.exchanges, replacements: tour.replacements };
}

