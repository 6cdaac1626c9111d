import { z } from "zod";
import {
  operatorHeader,
  operatorNetworkSchema,
  operatorOrganizationSchema,
  rollupRebuildSchema,
  suggestionForReviewSchema,
} from "../notifications/operator.ts";
import type { HttpCore } from "./httpCore.ts";

/**
 * Issue 40: the instance operator's calls (licences, networks, the law-enforcement suggestions to
 * review), each carrying the operator's credential in its own header.
 */
export function operatorApi(core: HttpCore, operatorToken: string) {
  const headers = { [operatorHeader]: operatorToken };
  const org = (ref: string) => encodeURIComponent(ref);
  return {
    organizations: async () =>
      (
        await core.request("GET", "/v1/operator/organizations", {
          headers,
          schema: z.array(operatorOrganizationSchema),
        })
      ).data,
    setForensicsLicense: async (organization: string, hasForensicsLicense: boolean) =>
      (
        await core.request("PUT", `/v1/operator/organizations/${org(organization)}/forensics-license`, {
          headers,
          body: { hasForensicsLicense },
          schema: operatorOrganizationSchema,
        })
      ).data,
    networks: async () =>
      (
        await core.request("GET", "/v1/operator/networks", {
          headers,
          schema: z.array(operatorNetworkSchema),
        })
      ).data,
    createNetwork: async (body: { name: string; organization: string; description?: string }) =>
      (
        await core.request("POST", "/v1/operator/networks", {
          headers,
          body,
          schema: operatorNetworkSchema,
          idempotencyKey: true,
        })
      ).data,
    addToNetwork: async (network: string, organization: string) =>
      (
        await core.request("POST", `/v1/operator/networks/${encodeURIComponent(network)}/organizations`, {
          headers,
          body: { organization },
          schema: operatorNetworkSchema,
          idempotencyKey: true,
        })
      ).data,
    removeFromNetwork: async (network: string, organization: string) =>
      (
        await core.request(
          "DELETE",
          `/v1/operator/networks/${encodeURIComponent(network)}/organizations/${org(organization)}`,
          { headers, schema: operatorNetworkSchema },
        )
      ).data,
    lawEnforcementSuggestions: async () =>
      (
        await core.request("GET", "/v1/operator/law-enforcement-suggestions", {
          headers,
          schema: z.array(suggestionForReviewSchema),
        })
      ).data,
    /** Issue 46: rebuilds every rollup from the base tables; answers when it is done. */
    rebuildRollups: async () =>
      (
        await core.request("POST", "/v1/operator/rollups/rebuild", {
          headers,
          schema: rollupRebuildSchema,
          idempotencyKey: true,
          // It rebuilds a whole store's rollups, which on a large store outlasts any other request.
          timeoutMs: 60 * 60_000,
        })
      ).data,
  };
}
