// The SDK's public surface: every API call, rule and constant of the specification.
// Each domain folder has its own index.ts of explicit named exports; this file only gathers them.
export * from "./account/index.ts";
export * from "./addressProperties/index.ts";
export * from "./attribution/index.ts";
export * from "./beacon/index.ts";
export * from "./cases/index.ts";
export * from "./chains/index.ts";
export * from "./client/index.ts";
export * from "./constants/index.ts";
export * from "./customEntity/index.ts";
export * from "./download/index.ts";
export * from "./filters/index.ts";
export * from "./flag/index.ts";
export * from "./format/index.ts";
export * from "./graph/index.ts";
export * from "./imageUpload/index.ts";
export * from "./interest/index.ts";
export * from "./organization/index.ts";
export * from "./risk/index.ts";
export * from "./scamReport/index.ts";
export * from "./search/index.ts";
export * from "./session/index.ts";
export * from "./sharing/index.ts";
export * from "./storage/index.ts";
export * from "./transfers/index.ts";
export * from "./triage/index.ts";
export * from "./userSelect/index.ts";
