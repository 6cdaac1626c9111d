import { z } from "zod";
import { activityApi, authApi, featureFlagsApi, organizationsApi, preferencesApi } from "./accountApi.ts";
import { asyncJobsApi } from "./asyncJobsApi.ts";
import { type ClientConfig, HttpCore } from "./client.ts";
import { importsApi } from "./importsApi.ts";
import { metricsApi, riskApi } from "./metricsApi.ts";
import { attributionApi, searchApi } from "./searchApi.ts";
import { transfersApi } from "./transfersApi.ts";

/** The one client web and CLI use. Each property groups the calls of one area of the spec. */
export class SleuthClient {
  readonly core: HttpCore;
  readonly auth: ReturnType<typeof authApi>;
  readonly organizations: ReturnType<typeof organizationsApi>;
  readonly featureFlags: ReturnType<typeof featureFlagsApi>;
  readonly preferences: ReturnType<typeof preferencesApi>;
  readonly activity: ReturnType<typeof activityApi>;
  readonly imports: ReturnType<typeof importsApi>;
  readonly search: ReturnType<typeof searchApi>;
  readonly attribution: ReturnType<typeof attributionApi>;
  readonly metrics: ReturnType<typeof metricsApi>;
  readonly risk: ReturnType<typeof riskApi>;
  readonly asyncJobs: ReturnType<typeof asyncJobsApi>;
  readonly transfers: ReturnType<typeof transfersApi>;

  constructor(config: ClientConfig) {
    this.core = new HttpCore(config);
    this.auth = authApi(this.core);
    this.organizations = organizationsApi(this.core);
    this.featureFlags = featureFlagsApi(this.core);
    this.preferences = preferencesApi(this.core);
    this.activity = activityApi(this.core);
    this.imports = importsApi(this.core);
    this.search = searchApi(this.core);
    this.attribution = attributionApi(this.core);
    this.metrics = metricsApi(this.core);
    this.risk = riskApi(this.core);
    this.asyncJobs = asyncJobsApi(this.core);
    this.transfers = transfersApi(this.core);
  }

  /** Scopes every later call to this organization (000 §4: stored organization). */
  useOrganization(uuid: string | null): void {
    this.core.setOrganization(uuid);
  }

  async health(): Promise<{ status: string }> {
    return (await this.core.request("GET", "/healthz", { schema: z.object({ status: z.string() }) })).data;
  }
}
