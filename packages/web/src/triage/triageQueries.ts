import { sleuthClient } from "../session/sleuthClient.ts";

type Signal = { signal: AbortSignal };
const minute = 60_000;

// Query options of the triage page's checklist facts. The flag and interest keys are the actions
// module's, so its dialogs' invalidations refresh the checklist too.
export const triageQueries = {
  flagsOf: (urn: string) => ({
    queryKey: ["flags", urn],
    queryFn: ({ signal }: Signal) => sleuthClient.flags.list({ trmResourceUrn: urn }, { signal }),
  }),
  interestsOf: (urn: string) => ({
    queryKey: ["interests", urn],
    queryFn: ({ signal }: Signal) => sleuthClient.interests.ofElement(urn, { signal }),
  }),
  detectorsOf: (urn: string) => ({
    queryKey: ["detectors", urn],
    queryFn: ({ signal }: Signal) => sleuthClient.detectors.list({ addressUrn: urn }, { signal }),
  }),
  scamReports: (urn: string) => ({
    queryKey: ["flows", "scamReports", urn],
    queryFn: ({ signal }: Signal) => sleuthClient.observations.scamReports(urn, { signal }),
    staleTime: minute,
  }),
  entityProperties: (entityUrn: string) => ({
    queryKey: ["triage", "entityProperties", entityUrn],
    queryFn: ({ signal }: Signal) => sleuthClient.triage.entityProperties(entityUrn, { signal }),
    staleTime: 5 * minute,
  }),
};
