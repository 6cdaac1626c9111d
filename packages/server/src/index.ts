// The server's public surface: tests and scripts build, seed and inspect a server through these.
export * from "./accounts/index.ts";
export { cliConfigPath, ensureCliConfig } from "./cliConfig.ts";
export type { ServerConfig } from "./config.ts";
export { ConfigError, defaultAllowedHosts, loadConfig } from "./config.ts";
export * from "./http/index.ts";
export * from "./importers/index.ts";
export { claimNotifications, markSent, requeueSendingNotifications } from "./notifications/outboxClaims.ts";
export { type DeliverySettings, queueNotification } from "./notifications/outboxRows.ts";
export * from "./rollups/index.ts";
export type { RouteContext } from "./routes/index.ts";
export { registerRoutes } from "./routes/index.ts";
export * from "./store/index.ts";
export * from "./taxonomy/index.ts";
export * from "./world/index.ts";
