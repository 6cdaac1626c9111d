import { overallRefreshStatus, pageSizes, pollIntervalMs } from "@sleuth/sdk";
import { sleuthClient } from "../session/sleuthClient.ts";

// Query options of the custom-entity screens. Keys start with "customEntities" so a write can
// invalidate every view of them at once.
export const customEntityQueries = {
  page: (page: number) => ({
    queryKey: ["customEntities", "list", page],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      sleuthClient.customEntities.list({ offset: page * pageSizes.customEntities, signal }),
  }),
  detail: (uuid: string) => ({
    queryKey: ["customEntities", "detail", uuid],
    queryFn: ({ signal }: { signal: AbortSignal }) => sleuthClient.customEntities.get(uuid, signal),
  }),
  /** 000 §4 / §9: read every 5 s while any part is processing, then no more. */
  refreshStatus: (uuid: string) => ({
    queryKey: ["customEntities", "refresh", uuid],
    queryFn: ({ signal }: { signal: AbortSignal }) => sleuthClient.customEntities.refreshStatus(uuid, signal),
    staleTime: 0,
    refetchInterval: (query: { state: { data?: Parameters<typeof overallRefreshStatus>[0] } }) =>
      overallRefreshStatus(query.state.data) === "processing" ? pollIntervalMs : false,
  }),
  collaborators: (uuid: string) => ({
    queryKey: ["customEntities", "collaborators", uuid],
    queryFn: ({ signal }: { signal: AbortSignal }) => sleuthClient.customEntities.collaborators(uuid, signal),
    // The share dialog starts its draft from this answer: each opening reads it afresh.
    staleTime: 0,
    gcTime: 0,
  }),
  members: () => ({
    queryKey: ["organization", "members"],
    queryFn: () => sleuthClient.organizations.members(),
  }),
};
