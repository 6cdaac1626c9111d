export type {
  AddressMetrics,
  AddressMetricsRequest,
  CustomEntityMetrics,
  CustomEntityMetricsRequest,
  EntityMetrics,
  EntityMetricsRequest,
  MetricsInclude,
  MetricsSummary,
} from "./metricsSummary.ts";
export {
  addressMetricsRequestSchema,
  addressMetricsSchema,
  customEntityMetricsRequestSchema,
  customEntityMetricsSchema,
  entityMetricsRequestSchema,
  entityMetricsSchema,
  metricsIncludeSchema,
  metricsSummarySchema,
} from "./metricsSummary.ts";
