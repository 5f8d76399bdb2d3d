import type { OutForecast } from "@baton/contract";
import { DeleteForecastDialog } from "./delete-forecast-dialog";
import { RenameForecastDialog } from "./rename-forecast-dialog";

export type ForecastAction = { kind: "rename" | "delete"; forecast: Pick<OutForecast, "id" | "title"> };

/** The rename or delete dialog of the chosen action, mounted only while it is open. */
export function ForecastActionDialog({ action, onClose, onDeleted }: { action: ForecastAction | null; onClose: () => void; onDeleted?: () => void }) {
  if (!action) return null;
  return action.kind === "rename" ? (
    <RenameForecastDialog forecast={action.forecast} onClose={onClose} />
  ) : (
    <DeleteForecastDialog forecast={action.forecast} onClose={onClose} {...(onDeleted ? { onDeleted } : {})} />
  );
}
