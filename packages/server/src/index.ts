// The server's public surface for the tests and the scripts: building, seeding and inspecting a
// server and its store. Add a name here when a test or a script needs it.

export { createApiToken } from "./accounts/apiTokens.ts";
export { demoAccounts, seedDemoAccounts } from "./accounts/demoAccounts.ts";
export { setFeatureFlag } from "./accounts/featureFlags.ts";
export { createOrganization, findOrganizationByUuid, setMembership } from "./accounts/organizations.ts";
export type { OrganizationRow, UserRow } from "./accounts/rows.ts";
export { createUser, findUserByEmail } from "./accounts/users.ts";
export type { ServerConfig } from "./config.ts";
export { loadConfig } from "./config.ts";
export { findCustomEntityRow, listCustomEntities } from "./customEntities/customEntityRows.ts";
export { exportText } from "./downloads/exportFile.ts";
export { transferRowSource } from "./downloads/transferRows.ts";
export { ChainFollower } from "./follower/chainFollower.ts";
export { ethereumClient, readBlocks } from "./follower/ethereumBlocks.ts";
export { type RolledBack, rollBackAndSettle } from "./follower/rollBack.ts";
export { buildServer } from "./http/server.ts";
export type { NearIdentifiers } from "./imageScan/nearMatches.ts";
export { nearIdentifiersIn } from "./imageScan/nearMatches.ts";
export { stopTextReader } from "./imageScan/readText.ts";
export type { ScanPass } from "./imageScan/scanImage.ts";
export { scanImage } from "./imageScan/scanImage.ts";
export type { KnownIdentifiers, StoreCandidate } from "./imageScan/storeConfirmation.ts";
export { knownIdentifiersIn } from "./imageScan/storeConfirmation.ts";
export type { ImportOptions } from "./importers/importFormats.ts";
export { repriceDays } from "./importers/repricing.ts";
export { runImport } from "./importers/runImport.ts";
export {
  addressMetrics,
  addressRiskInfo,
  customEntityMetrics,
  entityMetrics,
  entityRiskScores,
} from "./metrics/bulkMetrics.ts";
export { addressSummaryParts } from "./metrics/miniSummary.ts";
export type { SummaryRow } from "./metrics/printedAnswers.ts";
export {
  addressTagsOf,
  attributionItemJson,
  metricsItemJson,
  parseSummaryAnswers,
  riskItemJson,
  summaryAnswersText,
  summaryRowOf,
  summaryValuesSql,
} from "./metrics/printedAnswers.ts";
export { forgetSummaryRows, summaryAnswersOfUrns } from "./metrics/rememberedAnswers.ts";
export { addressRiskSummaryOf } from "./metrics/riskInfo.ts";
export { claimNotifications, markSent, requeueSendingNotifications } from "./notifications/outboxClaims.ts";
export { queueNotification } from "./notifications/outboxRows.ts";
export { seedReferenceData } from "./reference/referenceData.ts";
export {
  currentRollupsVersion,
  ensureRollups,
  refreshRollups,
  storedRollupsVersion,
} from "./rollups/rollups.ts";
export { settleWrites, type WrittenChange } from "./rollups/settleWrites.ts";
export { addressAttribution, entityAttribution } from "./search/attributionLookup.ts";
export { autocomplete } from "./search/autocomplete.ts";
export { searchConfiguration } from "./search/searchConfiguration.ts";
export { lookupTransactions } from "./search/transactionLookup.ts";
export { csvNumberCellSql, csvTextCellSql } from "./store/csvSql.ts";
export { appliedMigrations, loadMigrations, migrate } from "./store/migrate.ts";
export { openStore } from "./store/openStore.ts";
export {
  isPgliteStore,
  openPgliteStore,
  type PgliteQueryable,
  type PgliteStore,
  type PgliteThread,
  pgdataPath,
} from "./store/pgliteStore.ts";
export { openPostgresStore } from "./store/postgresStore.ts";
export type { Queryable, Store } from "./store/store.ts";
export { categoryByKey } from "./taxonomy/categories.ts";
export {
  countTransfers,
  listTransfers,
  newestTransfersStatement,
  transferCsvPages,
  transferRowPages,
} from "./transfers/listing.ts";
export type { TransferScope } from "./transfers/scope.ts";
export { addressScope, customEntityScope, entityScope } from "./transfers/scope.ts";
export { copyRows, withBulkTransaction } from "./world/bulkSession.ts";
export type { TransferSide } from "./world/exposureModel.ts";
export { computeExposure } from "./world/exposureModel.ts";
export { generateWorld } from "./world/generateWorld.ts";
export type { WorldScale } from "./world/scales.ts";
export { worldScaleSchema } from "./world/scales.ts";
export { seedWorld } from "./world/seedWorld.ts";
