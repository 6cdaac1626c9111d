import {
  addressPropertiesApiVersions,
  addressPropertiesRequestSchema,
  anyEntityUrnSchema,
  checkTriageAddressRoute,
  imageScanMaxBytes,
  imageSearchAvailability,
  imageUploadMessages,
  lawEnforcementSuggestionSchema,
  parsePreferenceValue,
  triageMessages,
} from "@sleuth/sdk";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { featureFlagsFor } from "../accounts/featureFlags.ts";
import { listPreferences } from "../accounts/preferences.ts";
import { requireRole } from "../http/auth.ts";
import { badRequest, forbidden, HttpError } from "../http/errors.ts";
import { parseOr400 } from "../http/validation.ts";
import { ImageDecodeError } from "../imageScan/decodeImage.ts";
import { nearIdentifiersIn } from "../imageScan/nearMatches.ts";
import { stopTextReader } from "../imageScan/readText.ts";
import { scanImage } from "../imageScan/scanImage.ts";
import { knownIdentifiersIn } from "../imageScan/storeConfirmation.ts";
import { subjectNotFound } from "../metrics/subjects.ts";
import { addressPropertyItems } from "../triage/addressPropertyRows.ts";
import { entityPropertyGroups, saveLawEnforcementSuggestion } from "../triage/entityProperties.ts";
import { triageReportRows } from "../triage/reportRows.ts";
import type { RouteContext } from "./context.ts";

/** docs/API.md "Triage": the SDK's largest image (a phone photo, a 5K screenshot) and its multipart envelope. */
export const imageScanBodyLimit = imageScanMaxBytes + 64 * 1024;

/** The file part of the multipart form, read with the platform's own form parser. */
async function uploadedImage(request: FastifyRequest): Promise<Uint8Array> {
  const body = request.body;
  if (!(body instanceof Buffer) || body.byteLength === 0)
    throw badRequest("Send the image as a multipart form with a file part");
  let form: FormData;
  try {
    form = await new Response(body, {
      headers: { "content-type": String(request.headers["content-type"]) },
    }).formData();
  } catch {
    throw badRequest("The multipart form could not be read");
  }
  const file = [...form.values()].find((value): value is File => typeof value !== "string");
  if (file === undefined) throw badRequest("The form holds no file");
  return new Uint8Array(await file.arrayBuffer());
}

/** 002 §6: the AI preference of the caller's organization (on unless set off) and the AI flag. */
async function checkImageSearchAllowed(
  context: RouteContext,
  member: { user: { id: number }; organization: { id: number } },
): Promise<void> {
  const preferences = await listPreferences(context.store, member.user.id, member.organization.id);
  const stored = preferences.find((preference) => preference.key === "ai-features");
  const flags = await featureFlagsFor(context.store, member.organization.id, "server");
  const availability = imageSearchAvailability({
    aiPreferenceEnabled: stored === undefined || parsePreferenceValue("ai-features", stored.value).enabled,
    aiFeatureFlag: flags.aiImageSearch,
  });
  if (availability !== "available") throw forbidden(imageUploadMessages.aiDisabled);
}

/**
 * Triage (002 §2, §7). `POST /v1/triage/image-scan` reads the identifiers in an uploaded image on this
 * server: OCR and a QR decoder, no network, then the SDK's recognizer (002 §3 `{data: string[]}`).
 */
export function triageRoutes(app: FastifyInstance, context: RouteContext): void {
  // The OCR worker is a thread holding the model; it must not outlive the server.
  app.addHook("onClose", async () => stopTextReader());
  // 002 §9 report rows (the SDK writes the 8-column CSV from them, for the console and the CLI alike).
  app.get<{ Params: { chain: string; address: string } }>(
    "/v1/triage/addresses/:chain/:address/report",
    async (request) => {
      requireRole(request, "viewer");
      const route = checkTriageAddressRoute(request.params);
      if (!route.ok) throw badRequest(triageMessages.invalidAddress);
      // An address the store has never seen has no flows: its report is the header row alone.
      return { data: (await triageReportRows(context.readStore, route.value)) ?? [] };
    },
  );

  // 002 §7 address properties; v3 and v4 answer alike (the SDK picks the version by chain).
  for (const version of addressPropertiesApiVersions) {
    app.post(`/trm-insights/${version}/address/properties`, async (request) => {
      requireRole(request, "viewer");
      const body = parseOr400(addressPropertiesRequestSchema, request.body);
      return { data: await addressPropertyItems(context.store, body) };
    });
  }

  // 002 §3 property groups of an entity, for the triage property cards (docs/API.md "Triage").
  app.get("/v1/triage/entities/:entityUrn/properties", async (request) => {
    requireRole(request, "viewer");
    const { entityUrn } = parseOr400(z.object({ entityUrn: anyEntityUrnSchema }), request.params);
    const groups = await entityPropertyGroups(context.readStore, entityUrn);
    if (groups === null) throw subjectNotFound("entity");
    return { data: groups };
  });

  // 002 §4 / §5 law-enforcement contact suggestion: comments are required.
  app.post(
    "/v1/triage/law-enforcement-suggestions",
    { config: { idempotent: true } },
    async (request, reply) => {
      const { user, organization } = requireRole(request, "viewer");
      const body = parseOr400(lawEnforcementSuggestionSchema, request.body);
      const saved = await saveLawEnforcementSuggestion(context.store, {
        organizationId: organization.id,
        userId: user.id,
        entityUrn: body.entityUrn,
        comments: body.comments,
      });
      return reply.code(201).send({ data: saved });
    },
  );

  app.register(async (scope) => {
    scope.addContentTypeParser(
      "multipart/form-data",
      { parseAs: "buffer", bodyLimit: imageScanBodyLimit },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      "/v1/triage/image-scan",
      { bodyLimit: imageScanBodyLimit, config: { rawMediaTypes: ["multipart/form-data"] } },
      async (request) => {
        const member = requireRole(request, "viewer");
        await checkImageSearchAllowed(context, member);
        const image = await uploadedImage(request);
        try {
          // Issue 42: what the image alone leaves in doubt is settled by the store's chain data.
          const reads = await scanImage(
            image,
            undefined,
            knownIdentifiersIn(context.store),
            nearIdentifiersIn(context.store),
          );
          // 002 §3 `data` is the list of identifiers; issue 42's `meta.reads` says how each was read.
          return { data: reads.map((read) => read.identifier), meta: { reads } };
        } catch (error) {
          if (error instanceof ImageDecodeError)
            throw new HttpError(
              415,
              "unsupported_media_type",
              `${imageUploadMessages.invalidFileType} ${error.message}.`,
            );
          throw error;
        }
      },
    );
  });
}
