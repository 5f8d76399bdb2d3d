import type { Migration, MigrationProvider } from "kysely";
import type { Dialect } from "../dialect";
import { initialMigration } from "./0001-initial";
import { executionVariablesMigration } from "./0002-execution-variables";
import { restartsMigration } from "./0003-restarts";
import { dueTimesMigration } from "./0004-due-times";
import { callbacksMigration } from "./0005-callbacks";
import { recurringMigration } from "./0006-recurring";
import { commentsMigration } from "./0007-comments";
import { executionListIndexesMigration } from "./0008-execution-list-indexes";
import { eventFilesMigration } from "./0009-event-files";
import { runtimeEstimatesMigration } from "./0010-runtime-estimates";
import { foldersMigration } from "./0011-folders";
import { objectSearchMigration } from "./0012-object-search";
import { forecastsMigration } from "./0013-forecasts";
import { agentsMigration } from "./0014-agents";
import { metricSamplesMigration } from "./0015-metric-samples";
import { installationMigration } from "./0016-installation";
import { raSolutionsMigration } from "./0017-ra-solutions";
import { clusterMigration } from "./0018-cluster";
import { executionOwnerMigration } from "./0019-execution-owner";
import { nodeAgentsMigration } from "./0020-node-agents";
import { consoleSessionsMigration } from "./0021-console-sessions";
import { onePlannedSlotMigration } from "./0022-one-planned-slot";
import { coveringRuntimeIndexMigration } from "./0023-covering-runtime-index";
import { agentCredentialsMigration } from "./0024-agent-credentials";
import { loginLockTimeMigration } from "./0025-login-lock-time";
import { executionNameOrderMigration } from "./0026-execution-name-order";
import { periodContainerTypeMigration } from "./0027-period-container-type";
import { executionCountsMigration } from "./0028-execution-counts";
import { executionCountsByTopLevelMigration } from "./0029-execution-counts-by-top-level";

/** Forward-only migrations, applied in name order. Never edit a published one: add the next. */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  const migrations: Record<string, Migration> = {
    "0001-initial": initialMigration(dialect),
    "0002-execution-variables": executionVariablesMigration,
    "0003-restarts": restartsMigration,
    "0004-due-times": dueTimesMigration(dialect),
    "0005-callbacks": callbacksMigration(dialect),
    "0006-recurring": recurringMigration,
    "0007-comments": commentsMigration(dialect),
    "0008-execution-list-indexes": executionListIndexesMigration(dialect),
    "0009-event-files": eventFilesMigration(dialect),
    "0010-runtime-estimates": runtimeEstimatesMigration(dialect),
    "0011-folders": foldersMigration(dialect),
    "0012-object-search": objectSearchMigration(dialect),
    "0013-forecasts": forecastsMigration(dialect),
    "0014-agents": agentsMigration(dialect),
    "0015-metric-samples": metricSamplesMigration(dialect),
    "0016-installation": installationMigration(dialect),
    "0017-ra-solutions": raSolutionsMigration(dialect),
    "0018-cluster": clusterMigration(dialect),
    "0019-execution-owner": executionOwnerMigration,
    "0020-node-agents": nodeAgentsMigration,
    "0021-console-sessions": consoleSessionsMigration(dialect),
    "0022-one-planned-slot": onePlannedSlotMigration,
    "0023-covering-runtime-index": coveringRuntimeIndexMigration,
    "0024-agent-credentials": agentCredentialsMigration,
    "0025-login-lock-time": loginLockTimeMigration(dialect),
    "0026-execution-name-order": executionNameOrderMigration(dialect),
    "0027-period-container-type": periodContainerTypeMigration,
    "0028-execution-counts": executionCountsMigration(dialect),
    "0029-execution-counts-by-top-level": executionCountsByTopLevelMigration(dialect),
  };
  return { getMigrations: async () => migrations };
}
