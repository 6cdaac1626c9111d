import {
  type CounterpartyFlowsSummaryRequest,
  type CounterpartyKind,
  type FlowValueType,
  pageSizes,
  type RiskRowFilters,
  subjectFieldsFor,
} from "@sleuth/sdk";
import { sleuthClient } from "../session/sleuthClient.ts";

const minute = 60_000;
type Signal = { signal: AbortSignal };

/** Query options of the follow-the-money panes, keyed by subject URN and what the pane asks. */
export const flowQueries = {
  counterparties: (
    valueType: FlowValueType,
    urn: string,
    request: Omit<CounterpartyFlowsSummaryRequest, "addressChainUrn" | "entityUrn" | "customEntityUrn">,
  ) => ({
    queryKey: ["flows", "counterparties", urn, request],
    queryFn: ({ signal }: Signal) =>
      sleuthClient.flows.counterpartySummary(
        valueType,
        { ...subjectFieldsFor(valueType, urn), ...request },
        { signal },
      ),
    staleTime: minute,
  }),
  /** 000 §7 by-counterparty-{kind}: every counterparty of one kind, a page along the cursor. */
  counterpartiesOfKind: (valueType: FlowValueType, urn: string, kind: CounterpartyKind, after?: string) => ({
    queryKey: ["flows", "counterparties-of-kind", urn, kind, after],
    queryFn: ({ signal }: Signal) =>
      sleuthClient.flows.byCounterparty(
        valueType,
        kind,
        {
          ...subjectFieldsFor(valueType, urn),
          pageSize: pageSizes.totalFlows,
          ...(after ? { after } : {}),
        },
        { signal },
      ),
    staleTime: minute,
  }),
  exposure: (valueType: FlowValueType, urn: string) => ({
    queryKey: ["flows", "exposure", urn],
    queryFn: async ({ signal }: Signal) => {
      const subject = subjectFieldsFor(valueType, urn);
      const [summary, categories, risk] = await Promise.all([
        sleuthClient.flows.summary(valueType, { ...subject, includeDaily: true }, { signal }),
        sleuthClient.flows.categoryDaily(valueType, subject, { signal }),
        sleuthClient.flows.riskDaily(valueType, subject, { signal }),
      ]);
      return { summary, categories, risk };
    },
    staleTime: minute,
  }),
  riskIndicators: (valueType: FlowValueType, urn: string, filters?: RiskRowFilters) => ({
    queryKey: ["flows", "riskIndicators", urn, ...(filters ? [filters] : [])],
    queryFn: ({ signal }: Signal) =>
      sleuthClient.flows.riskIndicators(
        valueType,
        { ...subjectFieldsFor(valueType, urn), ...(filters ? { filters } : {}) },
        { signal },
      ),
    staleTime: minute,
  }),
  addressHoldings: (urn: string) => ({
    queryKey: ["flows", "holdings", urn],
    queryFn: async ({ signal }: Signal) =>
      (await sleuthClient.holdings.assetHoldings("v2", { addresses: [urn] }, { signal }))[0]?.holdings ?? [],
    staleTime: minute,
  }),
  assetMetrics: (valueType: FlowValueType, urn: string) => ({
    queryKey: ["flows", "byAsset", urn],
    queryFn: ({ signal }: Signal) =>
      sleuthClient.flows.byAssetSummary(valueType, subjectFieldsFor(valueType, urn), { signal }),
    staleTime: minute,
  }),
  ips: (urn: string, pages: number) => ({
    queryKey: ["flows", "ips", urn, pages],
    queryFn: ({ signal }: Signal) =>
      sleuthClient.observations.inetObservations(
        { addressChainUrn: urn, limit: pageSizes.ipObservations * pages, offset: 0 },
        { signal },
      ),
    staleTime: minute,
  }),
  scamReports: (urn: string) => ({
    queryKey: ["flows", "scamReports", urn],
    queryFn: ({ signal }: Signal) => sleuthClient.observations.scamReports(urn, { signal }),
    staleTime: minute,
  }),
};
