import { casesDefaultLimit, headerCountRefreshMs } from "@sleuth/sdk";
import { sleuthClient } from "../session/sleuthClient.ts";

const minute = 60_000;

// Query options of the action screens; mutations invalidate by the first key segment.
export const actionQueries = {
  flagsOf: (urn: string) => ({
    queryKey: ["flags", urn],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      sleuthClient.flags.list({ trmResourceUrn: urn }, { signal }),
  }),
  myFlags: () => ({
    queryKey: ["flags", "organization"],
    queryFn: ({ signal }: { signal: AbortSignal }) => sleuthClient.flags.list({}, { signal }),
  }),
  cases: (filters: { isSharedWithOrg?: boolean; ownerUserId?: number } = {}) => ({
    queryKey: ["cases", "list", filters],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      sleuthClient.cases.list(
        { ...filters, limit: casesDefaultLimit, includeCaseRelatables: true },
        { signal },
      ),
  }),
  case: (id: string) => ({
    queryKey: ["cases", "one", id],
    queryFn: ({ signal }: { signal: AbortSignal }) => sleuthClient.cases.get(id, { signal }),
  }),
  members: () => ({
    queryKey: ["members"],
    queryFn: () => sleuthClient.organizations.members(),
    staleTime: 5 * minute,
  }),
  notifyTargets: (organizationUuid: string) => ({
    queryKey: ["escalations", "notifyTargets", organizationUuid],
    queryFn: () => sleuthClient.escalations.notifyTargets(organizationUuid),
    staleTime: 5 * minute,
  }),
  inbox: () => ({
    queryKey: ["escalations", "inbox"],
    queryFn: () => sleuthClient.escalations.inbox(),
    refetchInterval: headerCountRefreshMs,
  }),
  revealNotices: () => ({
    queryKey: ["interests", "reveals"],
    queryFn: () => sleuthClient.interests.revealNotices(),
    // The escalations' refresh: both make up the header count.
    refetchInterval: headerCountRefreshMs,
  }),
  interestsOf: (urn: string) => ({
    queryKey: ["interests", urn],
    // 001 §7 the interested-investigators view reads the interest search, with its results.
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (await sleuthClient.interests.search([urn], { includeResults: true, signal }))[0]?.results ?? [],
  }),
  myInterestElements: () => ({
    queryKey: ["interests", "mine"],
    queryFn: () => sleuthClient.interests.myElements(),
  }),
  networks: (organizationUuid: string) => ({
    queryKey: ["networks", organizationUuid],
    queryFn: () => sleuthClient.interests.networks(organizationUuid),
    staleTime: 5 * minute,
  }),
  vasp: (entityUrn: string) => ({
    queryKey: ["beacon", entityUrn],
    queryFn: ({ signal }: { signal: AbortSignal }) => sleuthClient.userReports.vasp(entityUrn, { signal }),
    staleTime: 5 * minute,
    retry: false,
  }),
  reports: () => ({
    queryKey: ["userReports"],
    queryFn: () => sleuthClient.userReports.list({ limit: 200 }),
  }),
};
