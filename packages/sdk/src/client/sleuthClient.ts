import { z } from "zod";
import { activityApi, authApi, featureFlagsApi, organizationsApi, preferencesApi } from "./accountApi.ts";
import { asyncJobsApi } from "./asyncJobsApi.ts";
import { casesApi, escalationsApi } from "./casesApi.ts";
import { customEntitiesApi } from "./customEntitiesApi.ts";
import { detectorsApi } from "./detectorsApi.ts";
import { flagsApi } from "./flagsApi.ts";
import { flowsApi, holdingsApi, observationsApi } from "./flowsApi.ts";
import { graphsApi } from "./graphsApi.ts";
import { type ClientConfig, HttpCore } from "./httpCore.ts";
import { importsApi } from "./importsApi.ts";
import { ingestApi } from "./ingestApi.ts";
import { interestsApi } from "./interestsApi.ts";
import { metricsApi, riskApi } from "./metricsApi.ts";
import { notificationsApi } from "./notificationsApi.ts";
import { operatorApi } from "./operatorApi.ts";
import { attributionApi, searchApi } from "./searchApi.ts";
import { transfersApi } from "./transfersApi.ts";
import { triageApi } from "./triageApi.ts";
import { userReportsApi } from "./userReportsApi.ts";

/** The one client web and CLI use. Each property groups the calls of one area of the spec. */
export class SleuthClient {
  readonly core: HttpCore;
  readonly auth: ReturnType<typeof authApi>;
  readonly organizations: ReturnType<typeof organizationsApi>;
  readonly featureFlags: ReturnType<typeof featureFlagsApi>;
  readonly preferences: ReturnType<typeof preferencesApi>;
  readonly activity: ReturnType<typeof activityApi>;
  readonly imports: ReturnType<typeof importsApi>;
  readonly ingest: ReturnType<typeof ingestApi>;
  readonly search: ReturnType<typeof searchApi>;
  readonly attribution: ReturnType<typeof attributionApi>;
  readonly metrics: ReturnType<typeof metricsApi>;
  readonly risk: ReturnType<typeof riskApi>;
  readonly asyncJobs: ReturnType<typeof asyncJobsApi>;
  readonly transfers: ReturnType<typeof transfersApi>;
  readonly flows: ReturnType<typeof flowsApi>;
  readonly holdings: ReturnType<typeof holdingsApi>;
  readonly observations: ReturnType<typeof observationsApi>;
  readonly customEntities: ReturnType<typeof customEntitiesApi>;
  readonly flags: ReturnType<typeof flagsApi>;
  readonly cases: ReturnType<typeof casesApi>;
  readonly escalations: ReturnType<typeof escalationsApi>;
  readonly interests: ReturnType<typeof interestsApi>;
  readonly userReports: ReturnType<typeof userReportsApi>;
  readonly graphs: ReturnType<typeof graphsApi>;
  readonly triage: ReturnType<typeof triageApi>;
  readonly detectors: ReturnType<typeof detectorsApi>;
  readonly notifications: ReturnType<typeof notificationsApi>;

  constructor(config: ClientConfig) {
    this.core = new HttpCore(config);
    this.auth = authApi(this.core);
    this.organizations = organizationsApi(this.core);
    this.featureFlags = featureFlagsApi(this.core);
    this.preferences = preferencesApi(this.core);
    this.activity = activityApi(this.core);
    this.imports = importsApi(this.core);
    this.ingest = ingestApi(this.core);
    this.search = searchApi(this.core);
    this.attribution = attributionApi(this.core);
    this.metrics = metricsApi(this.core);
    this.risk = riskApi(this.core);
    this.asyncJobs = asyncJobsApi(this.core);
    this.transfers = transfersApi(this.core);
    this.flows = flowsApi(this.core);
    this.holdings = holdingsApi(this.core);
    this.observations = observationsApi(this.core);
    this.customEntities = customEntitiesApi(this.core);
    this.flags = flagsApi(this.core);
    this.cases = casesApi(this.core);
    this.escalations = escalationsApi(this.core);
    this.interests = interestsApi(this.core);
    this.userReports = userReportsApi(this.core);
    this.graphs = graphsApi(this.core);
    this.triage = triageApi(this.core);
    this.detectors = detectorsApi(this.core);
    this.notifications = notificationsApi(this.core);
  }

  /** The instance operator's calls, authorised by the operator credential (issue 40). */
  operator(operatorToken: string): ReturnType<typeof operatorApi> {
    return operatorApi(this.core, operatorToken);
  }

  /** Scopes every later call to this organization (000 §4: stored organization). */
  useOrganization(uuid: string | null): void {
    this.core.setOrganization(uuid);
  }

  async health(): Promise<{ status: string }> {
    return (await this.core.request("GET", "/healthz", { schema: z.object({ status: z.string() }) })).data;
  }
}
