// Issue 41: the fuzz target of every route the server registers, keyed by method and path as fastify
// names them. Each holds the SDK's schemas of the route's body, query and path parameters (the
// server's own for the few the SDK does not name, spelt here from the SDK's pieces) and one request
// the route accepts, over the small demo world and the objects routeFuzz.test.ts makes first.
// A route missing here fails routeFuzz.test.ts's "every registered route has a fuzz target".
import {
  activityQuerySchema,
  addressMetricsRequestSchema,
  addressPropertiesApiVersions,
  addressPropertiesRequestSchema,
  addressRiskInfoRequestSchema,
  addressTransfersCountRequestSchema,
  addressTransfersRequestSchema,
  addressTransfersV6RequestSchema,
  anyEntityUrnSchema,
  assetHoldingsLimits,
  assetHoldingsRequestSchema,
  asyncJobListQuerySchema,
  attachRelatableRequestSchema,
  attributionAddressRequestSchema,
  attributionEntityRequestSchema,
  autocompleteRequestSchema,
  beaconNotifyRequestSchema,
  bulkSubjectFieldOf,
  byAssetSummaryRequestSchema,
  byCounterpartyRequestSchema,
  type ChainId,
  caseIdParamSchema,
  caseNoteRequestSchema,
  caseRelatableUrnSchema,
  casesQuerySchema,
  categoryFilterValuesRequestSchema,
  categoryTransfersRequestSchema,
  chainAssetsCounterpartyKinds,
  chainAssetsRequestSchema,
  chainIdSchema,
  changeMemberRoleBodySchema,
  compatibilityRequestSchema,
  counterpartyFieldOf,
  counterpartyFlowsSummaryRequestSchema,
  counterpartyKinds,
  counterpartyTransfersRequestSchema,
  createApiTokenBodySchema,
  createCaseRequestSchema,
  createCustomEntityBodySchema,
  createDetectorBodySchema,
  createGraphBodySchema,
  createNetworkBodySchema,
  createOrganizationBodySchema,
  createWebhookEndpointBodySchema,
  customEntityListQuerySchema,
  customEntityMetricsRequestSchema,
  customEntityRiskInfoRequestSchema,
  customEntityRiskScoreRequestSchema,
  customEntityTransfersCountRequestSchema,
  customEntityTransfersRequestSchema,
  dailyExposureRequestSchema,
  deleteCustomEntitiesBodySchema,
  deliveryLogQuerySchema,
  detectorAlertListQuerySchema,
  detectorListQuerySchema,
  entityMetricsRequestSchema,
  entityRiskScoreRequestSchema,
  entityTransfersCountRequestSchema,
  entityTransfersRequestSchema,
  escalateRequestSchema,
  escalationInboxQuerySchema,
  expandRequestSchema,
  exportParameterSchemas,
  type FlowValueType,
  featureFlagsQuerySchema,
  flowSummaryBulkRequestSchema,
  flowSummaryRequestSchema,
  flowValueTypes,
  forValueType,
  graphExportQuerySchema,
  graphNodesRequestSchema,
  importFormats,
  inetObservationsRequestSchema,
  interestBulkRequestSchema,
  interestPathSchema,
  interestSearchQuerySchema,
  interestSearchRequestSchema,
  interestUpdateRequestSchema,
  inviteMemberBodySchema,
  lawEnforcementSuggestionSchema,
  licenceBodySchema,
  logActivityBodySchema,
  loginBodySchema,
  membersQuerySchema,
  networkMemberBodySchema,
  offsetTransfersRequestSchema,
  ownershipAddressesRequestSchema,
  ownershipCategoriesRequestSchema,
  patchGraphBodySchema,
  putPreferenceBodySchema,
  refreshStatusQuerySchema,
  revealNoticeQuerySchema,
  riskIndicatorsRequestSchema,
  scamReportsRequestSchema,
  setEscalationNotifyTargetsRequestSchema,
  setFeatureFlagBodySchema,
  sharingOperationsSchema,
  startIngestBodySchema,
  statisticsMaxUrns,
  statisticsUrnSchema,
  traceRequestSchema,
  transactionLookupRequestSchema,
  updateCaseRequestSchema,
  updateCustomEntityBodySchema,
  updateOrganizationBodySchema,
  urnSchema,
  userAttributionListQuerySchema,
  userAttributionRequestSchema,
  userReportBodySchemas,
  userReportKinds,
  userReportListQuerySchema,
  uuidParamSchema,
} from "@sleuth/sdk";
import fc from "fast-check";
import { z } from "zod";
import { drawPng } from "../helpers/imageFixtures.ts";
import { binaryFile, goodImportFiles, utf16 } from "../helpers/importFiles.ts";
import type { FuzzTarget, RawBodies, RawBody } from "../helpers/routeFuzz.ts";

/** What the targets' examples name: subjects of the small world and objects made for the fuzz. */
export interface FuzzFixtures {
  organizationUuid: string;
  organizationId: number;
  /** An organization the fuzz user administers and may delete. */
  spareOrganizationUuid: string;
  userUuid: string;
  /** A member of the organization the fuzz may change or remove. */
  spareMemberUuid: string;
  chain: ChainId;
  address: string;
  addressUrn: string;
  entityUrn: string;
  counterpartyAddressUrn: string;
  counterpartyEntityUrn: string;
  customEntityUuid: string;
  customEntityUrn: string;
  /** A custom entity the fuzz may change, share and delete. */
  spareCustomEntityUuid: string;
  counterpartyCategoryId: number;
  ownershipCategoryId: number;
  txHash: string;
  transactionUrn: string;
  caseId: number;
  spareCaseId: number;
  graphId: string;
  graphUrn: string;
  spareFlagUuid: string;
  spareDetectorUuid: string;
  spareWebhookUuid: string;
  interestUuid: string;
  spareInterestUuid: string;
  escalationUuid: string;
  asyncJobUuid: string;
  importJobUuid: string;
  spareApiTokenId: number;
  networkUuid: string;
  vaspEntityUrn: string;
  operatorToken: string;
}

/** Strings any route may draw on: subjects and objects no route of the fuzz removes. */
export function sharedPool(f: FuzzFixtures): string[] {
  return [
    f.organizationUuid,
    f.userUuid,
    f.chain,
    f.address,
    f.addressUrn,
    f.entityUrn,
    f.counterpartyAddressUrn,
    f.counterpartyEntityUrn,
    f.customEntityUuid,
    f.customEntityUrn,
    f.txHash,
    f.transactionUrn,
    String(f.caseId),
    f.graphId,
    f.graphUrn,
    f.interestUuid,
    f.escalationUuid,
    f.asyncJobUuid,
    f.importJobUuid,
    f.vaspEntityUrn,
    "bc1q",
    "0x",
  ];
}

const text = (max: number) => z.string().min(1).max(max);

// Path parameters the server spells itself (packages/server/src/routes).
const params = {
  tokenId: z.object({ id: z.coerce.number().int().positive() }),
  flagKey: z.object({ key: z.string().max(100) }),
  organization: z.object({ id: text(64) }),
  member: z.object({ userUuid: z.uuid() }),
  preferenceKey: z.object({ key: z.string() }),
  importJob: z.object({ importJobUuid: z.uuid() }),
  importFormat: z.object({ format: z.enum(importFormats) }),
  asyncJob: z.object({ asyncJobUuid: z.uuid() }),
  downloadToken: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }),
  customEntity: z.object({ uuid: text(64) }),
  graph: z.object({ graphId: text(64) }),
  operatorOrganization: z.object({ organization: text(200) }),
  network: z.object({ network: text(200) }),
  networkMember: z.object({ network: text(200), organization: text(200) }),
  element: z.object({ urn: urnSchema }),
  entity: z.object({ entityUrn: anyEntityUrnSchema }),
  triageAddress: z.object({ chain: chainIdSchema, address: text(256) }),
};

// Query strings the server spells itself.
const queries = {
  imports: z.object({
    chain: z.string().trim().min(1).max(40).optional(),
    asset: z.string().trim().min(1).max(200).optional(),
    source: z.string().trim().min(1).max(500).optional(),
  }),
  statistics: z.object({ urn: statisticsUrnSchema }),
  statisticsBulk: z.object({
    urns: z.preprocess(
      (value) => (typeof value === "string" ? [value] : value),
      z.array(statisticsUrnSchema).min(1).max(statisticsMaxUrns),
    ),
  }),
  detach: z.object({ resourceUrn: caseRelatableUrnSchema }),
  vasp: z.object({ entityUrn: anyEntityUrnSchema }),
};

/** `POST /v1/async-jobs` and the downloads: `{jobType, parameters}` with the job type's own schema. */
const exportRequestSchema = z.union(
  Object.entries(exportParameterSchemas).map(([jobType, parameters]) =>
    z.object({ jobType: z.literal(jobType), parameters }),
  ),
);

const tinyPng: RawBody = {
  bytes: drawPng({ width: 64, height: 24, texts: [{ text: "hi", x: 4, y: 18, size: 14 }] }),
  contentType: "multipart/form-data:image",
};

const imageBodies: RawBodies = {
  kind: "image",
  valid: fc.constant(tinyPng),
  nearValid: fc.oneof(
    fc.nat({ max: (tinyPng.bytes as Uint8Array).byteLength - 1 }).map((cut) => ({
      bytes: (tinyPng.bytes as Uint8Array).slice(0, cut),
      contentType: tinyPng.contentType,
    })),
    fc.constant({ bytes: binaryFile, contentType: tinyPng.contentType }),
    fc.constant({ bytes: new Uint8Array(0), contentType: tinyPng.contentType }),
    fc.constant({
      bytes: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc',
      contentType: "multipart/form-data; boundary=x",
    }),
  ),
};

const importBodies: RawBodies = {
  kind: "file",
  valid: fc.constantFrom(...Object.values(goodImportFiles)).map((file) => ({
    bytes: file.text,
    contentType: file.contentType,
  })),
  nearValid: fc
    .tuple(
      fc.constantFrom(...Object.values(goodImportFiles)),
      fc.nat(),
      fc.constantFrom("cut", "utf16", "binary", "line", "long"),
    )
    .map(([file, at, damage]) => {
      const lines = file.text.split("\n");
      const bytes =
        damage === "cut"
          ? file.text.slice(0, at % Math.max(1, file.text.length))
          : damage === "utf16"
            ? new Uint8Array(utf16(file.text))
            : damage === "binary"
              ? new Uint8Array(binaryFile)
              : damage === "line"
                ? lines
                    .map((line, index) => (index === at % lines.length ? '\u0000,,,"unclosed' : line))
                    .join("\n")
                : `${lines[0]}\n${"x".repeat(200_000)}\n${lines.slice(1).join("\n")}`;
      return { bytes, contentType: file.contentType };
    }),
};

const graphDocument = (f: FuzzFixtures) => ({
  nodes: [
    {
      type: "address",
      trmUrn: f.addressUrn,
      label: f.address,
      chain: f.chain,
      balanceUsd: null,
      riskScore: null,
      category: null,
      id: f.addressUrn,
      icon: null,
      note: null,
      x: 0,
      y: 0,
    },
  ],
  edges: [],
});

/** The subject field of a flow request for each value type. */
function subjectOf(f: FuzzFixtures, valueType: FlowValueType): Record<string, string> {
  if (valueType === "address") return { addressChainUrn: f.addressUrn };
  if (valueType === "entity") return { entityUrn: f.entityUrn };
  return { customEntityUrn: f.customEntityUrn };
}

function counterpartyOf(f: FuzzFixtures, kind: (typeof counterpartyKinds)[number]): Record<string, string> {
  const urn =
    kind === "address"
      ? f.counterpartyAddressUrn
      : kind === "entity"
        ? f.counterpartyEntityUrn
        : f.customEntityUrn;
  return { [counterpartyFieldOf[kind]]: urn };
}

/** The versions each flow family answers under (packages/server/src/routes/flows.ts). */
const flowVersions = {
  flows: ["v4", "v5", "v6", "v7"],
  category: ["v4", "v5", "v6"],
  ownership: ["v4", "v5"],
  daily: ["v5"],
} as const;

function flowTargets(f: FuzzFixtures, addTarget: (key: string, target: FuzzTarget) => void): void {
  // One handler answers a family under each version: the first version gets the suite's runs, the
  // others their example and one generated request each (the schema and the code are the same).
  const seen = new Set<string>();
  const add = (key: string, target: FuzzTarget) => {
    const family = key.replace(/\/v\d\//, "/v*/");
    addTarget(key, seen.has(family) ? { ...target, runs: 1 } : target);
    seen.add(family);
  };
  for (const valueType of flowValueTypes) {
    const subject = subjectOf(f, valueType);
    const schemaFor = <S extends Parameters<typeof forValueType>[0]>(schema: S) =>
      forValueType(schema, valueType);
    add(`POST /v2/counterparty-flows/${valueType}/summary`, {
      body: schemaFor(counterpartyFlowsSummaryRequestSchema),
      example: { body: { ...subject, limit: 5 } },
    });
    // 001 §7 the transfer listing's offset form (issue 44). The v6 entity and custom-entity paths are
    // the keyset listing's too (a body naming `offset` picks this form): their targets are below.
    for (const version of ["v5", "v6"]) {
      if (version === "v6" && valueType !== "address") continue;
      add(`POST /trm-insights/${version}/flows/${valueType}/transfers`, {
        body: schemaFor(offsetTransfersRequestSchema),
        example: { body: { ...subject, offset: 0, limit: 5 } },
      });
    }
    for (const version of flowVersions.flows) {
      const base = `/trm-insights/${version}/flows/${valueType}`;
      add(`POST ${base}/summary`, {
        body: schemaFor(flowSummaryRequestSchema),
        example: { body: { ...subject, includeDaily: true } },
      });
      add(`POST ${base}/summary/bulk`, {
        body: flowSummaryBulkRequestSchema,
        example: { body: { [bulkSubjectFieldOf[valueType]]: [Object.values(subject)[0]] } },
      });
      for (const kind of counterpartyKinds) {
        add(`POST ${base}/by-counterparty-${kind}/transfers`, {
          body: schemaFor(byCounterpartyRequestSchema),
          example: { body: { ...subject, pageSize: 5 } },
        });
        add(`POST ${base}/to-${kind}/transfers`, {
          body: schemaFor(counterpartyTransfersRequestSchema),
          example: { body: { ...subject, ...counterpartyOf(f, kind), pageSize: 5 } },
        });
        add(`POST ${base}/to-${kind}/transfers/count`, {
          body: schemaFor(counterpartyTransfersRequestSchema),
          example: { body: { ...subject, ...counterpartyOf(f, kind) } },
        });
      }
      for (const kind of chainAssetsCounterpartyKinds) {
        add(`POST /trm-insights/${version}/chain-assets/${valueType}/by-counterparty-${kind}/info`, {
          body: schemaFor(chainAssetsRequestSchema),
          example: {
            body: {
              ...subject,
              ...(kind === "category"
                ? { counterpartyCategoryId: f.counterpartyCategoryId }
                : counterpartyOf(f, kind)),
            },
          },
        });
      }
    }
    for (const version of flowVersions.category) {
      const base = `/trm-insights/${version}/flows/${valueType}/by-counterparty-category`;
      add(`POST ${base}/transfers`, {
        body: schemaFor(categoryTransfersRequestSchema),
        example: { body: { ...subject, counterpartyCategoryId: f.counterpartyCategoryId, pageSize: 5 } },
      });
      add(`POST ${base}/filter-values`, {
        body: schemaFor(categoryFilterValuesRequestSchema),
        example: { body: { ...subject, counterpartyCategoryId: f.counterpartyCategoryId } },
      });
    }
    for (const version of flowVersions.ownership) {
      const base = `/trm-insights/${version}/flows/${valueType}/by-ownership-category`;
      add(`POST ${base}/addresses`, {
        body: schemaFor(ownershipAddressesRequestSchema),
        example: { body: { ...subject, ownershipCategoryId: f.ownershipCategoryId, limit: 5 } },
      });
      add(`POST ${base}/summary`, {
        body: schemaFor(ownershipCategoriesRequestSchema),
        example: { body: subject },
      });
    }
    for (const version of flowVersions.daily) {
      for (const path of [
        "by-counterparty-category/daily",
        "by-counterparty-risk/daily",
        "by-counterparty-risk/ratios/daily",
      ])
        add(`POST /trm-insights/${version}/flows/${valueType}/${path}`, {
          body: schemaFor(dailyExposureRequestSchema),
          example: { body: subject },
        });
    }
    add(`POST /risk/${valueType}/indicators`, {
      body: schemaFor(riskIndicatorsRequestSchema),
      example: { body: subject },
    });
    add(`POST /trm-insights/v5/metrics/${valueType}/by-asset/summary`, {
      body: schemaFor(byAssetSummaryRequestSchema),
      example: { body: { ...subject, limit: 5 } },
    });
    for (const version of ["v4", "v5"]) {
      const urn = Object.values(subject)[0]!;
      add(`GET /trm-insights/${version}/statistics/${valueType}/summary`, {
        query: queries.statistics,
        example: { query: { urn } },
      });
      add(`GET /trm-insights/${version}/statistics/${valueType}/summary/bulk`, {
        query: queries.statisticsBulk,
        example: { query: { urns: [urn] } },
      });
    }
  }
}

/** Every route's target, keyed `METHOD /path/:param` as the server registers it. */
export function fuzzTargets(f: FuzzFixtures): Map<string, FuzzTarget> {
  const targets = new Map<string, FuzzTarget>();
  const add = (key: string, target: FuzzTarget) => {
    if (targets.has(key)) throw new Error(`two fuzz targets for ${key}`);
    targets.set(key, target);
  };
  const operator = { "x-sleuth-operator-token": f.operatorToken };
  const organizationParams = { id: f.organizationUuid };

  // Session, accounts, organizations (docs/API.md "Session and organizations").
  add("GET /healthz", { example: {} });
  add("GET /auth/config", { example: {} });
  add("POST /auth/login", {
    body: loginBodySchema,
    example: { body: { email: "nobody@test.example", password: "wrong" } },
    exampleAnswers: [401],
    // Each try hashes a password and writes the throttle's count: a few are enough.
    runs: 2,
  });
  add("POST /auth/logout", { example: {}, exampleAnswers: [204] });
  add("POST /auth/demo-login", { example: {} });
  add("GET /auth-user-info", { example: {} });
  add("POST /api-tokens", { body: createApiTokenBodySchema, example: { body: { name: "fuzz" } } });
  add("GET /api-tokens", { example: {} });
  add("DELETE /api-tokens/:id", {
    params: params.tokenId,
    example: { params: { id: String(f.spareApiTokenId) } },
    destructive: true,
  });
  add("GET /feature-flags", {
    query: featureFlagsQuerySchema,
    example: { query: { organizationUuid: f.organizationUuid, targetDomain: "front-end" } },
  });
  add("PUT /feature-flags/:key", {
    params: params.flagKey,
    body: setFeatureFlagBodySchema,
    example: {
      params: { key: "walletClusterTags" },
      body: { organizationUuid: f.organizationUuid, enabled: true },
    },
    exampleAnswers: [200, 403],
  });
  add("POST /organizations", {
    body: createOrganizationBodySchema,
    example: { body: { name: "Fuzzed organization" } },
    exampleAnswers: [201, 409],
  });
  add("GET /organizations/:id", { params: params.organization, example: { params: organizationParams } });
  add("PATCH /organizations/:id", {
    params: params.organization,
    body: updateOrganizationBodySchema,
    example: { params: { id: f.spareOrganizationUuid }, body: { name: "Spare organization renamed" } },
    ownPool: true,
  });
  add("DELETE /organizations/:id", {
    params: params.organization,
    example: { params: { id: f.spareOrganizationUuid } },
    exampleAnswers: [204],
    destructive: true,
  });
  add("GET /users-organizations", { example: {} });
  add("POST /users-organizations", {
    body: inviteMemberBodySchema,
    example: { body: { email: "invited.fuzz@test.example", role: "viewer" } },
  });
  add("GET /users-organizations/users", {
    query: membersQuerySchema,
    example: { query: { includeMemberStrategies: true } },
  });
  add("PATCH /users-organizations/users/:userUuid", {
    params: params.member,
    body: changeMemberRoleBodySchema,
    example: { params: { userUuid: f.spareMemberUuid }, body: { role: "editor" } },
    destructive: true,
  });
  add("DELETE /users-organizations/users/:userUuid", {
    params: params.member,
    example: { params: { userUuid: f.spareMemberUuid } },
    exampleAnswers: [204],
    destructive: true,
  });
  add("GET /user-preferences", { example: {} });
  add("PUT /user-preferences/:key", {
    params: params.preferenceKey,
    body: putPreferenceBodySchema,
    example: { params: { key: "cache-freshness" }, body: { value: { ms: 60000 } } },
  });
  add("POST /user-activity", {
    body: logActivityBodySchema,
    example: { body: { action: "search_query", details: { query: "fuzz" } } },
  });
  add("GET /user-activity", { query: activityQuerySchema, example: { query: { limit: 5 } } });

  // User reports.
  add("GET /user-report", { query: userReportListQuerySchema, example: { query: { limit: 5 } } });
  const reportExamples: Record<string, unknown> = {
    "attribution-report": { trmResourceUrn: f.addressUrn, details: "fuzz" },
    "attribution-request": { trmResourceUrn: f.addressUrn },
    "chainabuse-pro-request": { details: "fuzz" },
    "data-refresh": { trmResourceUrn: f.addressUrn },
    "demix-request": { trmResourceUrn: f.addressUrn },
    "le-contact-update-request": { entityUrn: f.entityUrn, email: "contact@test.example" },
    "notify-vasp-request": { entityUrn: f.vaspEntityUrn, requestedDateTime: "2025-01-01T00:00:00Z" },
    "status-report": { query: "bc1q" },
    "tag-report": {
      address: f.address,
      category: "Exchange",
      categoryId: 1,
      chain: f.chain,
      entity: "",
      entityUrn: null,
    },
  };
  for (const kind of userReportKinds)
    add(`POST /user-report/${kind}`, {
      body: userReportBodySchemas[kind],
      example: { body: reportExamples[kind] },
      exampleAnswers: kind === "notify-vasp-request" ? [201, 400] : undefined,
    });

  // Imports and ingest (admins).
  add("GET /v1/import-jobs/:importJobUuid", {
    params: params.importJob,
    example: { params: { importJobUuid: f.importJobUuid } },
  });
  add("POST /v1/imports/:format", {
    params: params.importFormat,
    query: queries.imports,
    raw: importBodies,
    example: {
      params: { format: "address-labels" },
      raw: { bytes: goodImportFiles["address-labels"].text, contentType: "text/csv" },
    },
    runs: 6,
  });
  add("GET /v1/ingest/ethereum", { example: {} });
  add("POST /v1/ingest/ethereum", {
    body: startIngestBodySchema,
    example: { body: { rpcUrl: "http://127.0.0.1:9/", from: 1, to: 2 } },
    exampleAnswers: [200, 400, 409, 502, 503].filter((status) => status < 500),
    runs: 3,
  });
  add("POST /v1/ingest/ethereum/stop", { example: {} });

  // Observations, downloads.
  add("GET /v1/inet/observations/summary/address", {
    query: inetObservationsRequestSchema,
    example: { query: { addressChainUrn: f.addressUrn, limit: 5 } },
  });
  add("GET /chainabuse/reports-by-urn", {
    query: scamReportsRequestSchema,
    example: { query: { urn: f.addressUrn } },
  });
  const exportExample = {
    jobType: "ADDRESS_TRANSFERS_CSV",
    parameters: { addressChainUrn: f.addressUrn, limit: 5 },
  };
  add("POST /v1/async-jobs", { body: exportRequestSchema, example: { body: exportExample } });
  add("GET /v1/async-jobs", { query: asyncJobListQuerySchema, example: { query: { limit: 5 } } });
  add("GET /v1/async-jobs/:asyncJobUuid", {
    params: params.asyncJob,
    example: { params: { asyncJobUuid: f.asyncJobUuid } },
  });
  add("POST /v1/async-jobs/:asyncJobUuid/download-url", {
    params: params.asyncJob,
    example: { params: { asyncJobUuid: f.asyncJobUuid } },
    exampleAnswers: [200, 400],
  });
  add("GET /v1/async-job-results/:token", {
    params: params.downloadToken,
    example: { params: { token: "A".repeat(32) } },
    exampleAnswers: [404],
  });
  add("POST /v1/downloads/count", { body: exportRequestSchema, example: { body: exportExample } });
  add("POST /v1/downloads/csv", { body: exportRequestSchema, example: { body: exportExample } });

  // Detectors, custom entities, flags.
  add("POST /v1/detectors", {
    body: createDetectorBodySchema,
    example: { body: { addressUrn: f.addressUrn, name: "fuzz" } },
  });
  add("GET /v1/detectors", {
    query: detectorListQuerySchema,
    example: { query: { addressUrn: f.addressUrn } },
  });
  add("GET /v1/detectors/alerts", { query: detectorAlertListQuerySchema, example: { query: { limit: 5 } } });
  add("DELETE /v1/detectors/:uuid", {
    params: uuidParamSchema,
    example: { params: { uuid: f.spareDetectorUuid } },
    exampleAnswers: [204],
    ownPool: true,
  });
  add("GET /v1/custom-entities", { query: customEntityListQuerySchema, example: { query: { limit: 5 } } });
  add("POST /v1/custom-entities", {
    body: createCustomEntityBodySchema,
    example: { body: { name: "Fuzzed custom entity", resources: [{ resourceUrn: f.addressUrn }] } },
    exampleAnswers: [201, 409],
  });
  add("DELETE /v1/custom-entities", {
    body: deleteCustomEntitiesBodySchema,
    example: { body: { uuids: [f.spareCustomEntityUuid] } },
    exampleAnswers: [204],
    destructive: true,
  });
  add("GET /v1/custom-entities/validate-name", {
    query: z.object({ name: z.string() }),
    example: { query: { name: "Some name" } },
  });
  add("GET /v1/custom-entities/refresh/status", {
    query: refreshStatusQuerySchema,
    example: { query: { customEntityUuid: f.customEntityUuid } },
  });
  add("POST /v1/custom-entities/refresh/status", {
    body: refreshStatusQuerySchema,
    example: { body: { customEntityUuid: f.spareCustomEntityUuid } },
    ownPool: true,
  });
  add("GET /v1/custom-entities/:uuid", {
    params: params.customEntity,
    example: { params: { uuid: f.customEntityUuid } },
  });
  add("PATCH /v1/custom-entities/:uuid", {
    params: params.customEntity,
    body: updateCustomEntityBodySchema,
    example: { params: { uuid: f.spareCustomEntityUuid }, body: { name: "Spare renamed" } },
    ownPool: true,
  });
  add("GET /v1/custom-entities/:uuid/collaborators", {
    params: params.customEntity,
    example: { params: { uuid: f.customEntityUuid } },
  });
  add("PATCH /v1/custom-entities/:uuid/collaborators", {
    params: params.customEntity,
    body: sharingOperationsSchema,
    example: {
      params: { uuid: f.spareCustomEntityUuid },
      body: [
        {
          op: "add",
          path: "relation",
          value: "viewer",
          context: { subjectUrn: `urn:sleuth:organization:${f.organizationUuid}` },
        },
      ],
    },
    exampleAnswers: [200, 400],
    ownPool: true,
  });
  add("POST /trm-insights/v1/custom-entity/compatibility", {
    body: compatibilityRequestSchema,
    example: { body: { resourceUrns: [f.addressUrn, f.entityUrn] } },
  });
  add("POST /trm-insights/v5/risk/custom-entity/risk-score/info", {
    body: customEntityRiskInfoRequestSchema,
    example: { body: { entityUrn: f.customEntityUrn } },
  });
  add("POST /risk/custom-entity/risk-score", {
    body: customEntityRiskScoreRequestSchema,
    example: { body: { entityId: f.customEntityUuid } },
  });
  add("POST /v1/user-attributions", {
    body: userAttributionRequestSchema,
    example: {
      body: {
        trmResourceUrn: f.addressUrn,
        categoryId: "SCAM",
        evidenceDescription: "fuzz",
        contactEmail: "fuzz@test.example",
      },
    },
  });
  add("DELETE /v1/user-attributions/:uuid", {
    params: uuidParamSchema,
    example: { params: { uuid: f.spareFlagUuid } },
    exampleAnswers: [204],
    ownPool: true,
  });
  add("GET /v1/users/user-attributions", {
    query: userAttributionListQuerySchema,
    example: { query: { trmResourceUrn: f.addressUrn, limit: 5 } },
  });

  // Cases, escalations, interests, networks.
  add("POST /cases", {
    body: createCaseRequestSchema,
    example: { body: { name: "Fuzzed case", isSharedWithOrg: false } },
  });
  add("GET /cases/", {
    query: casesQuerySchema,
    example: { query: { limit: 5, includeCaseRelatables: true } },
  });
  const caseParams = { caseId: String(f.caseId) };
  add("GET /cases/:caseId", { params: caseIdParamSchema, example: { params: caseParams } });
  // The spare case: a generated change may unshare a case, and only a shared one can be escalated.
  add("PATCH /cases/:caseId", {
    params: caseIdParamSchema,
    body: updateCaseRequestSchema,
    example: { params: { caseId: String(f.spareCaseId) }, body: { description: "fuzzed" } },
    ownPool: true,
  });
  add("DELETE /cases/:caseId", {
    params: caseIdParamSchema,
    example: { params: { caseId: String(f.spareCaseId) } },
    exampleAnswers: [204],
    destructive: true,
  });
  add("POST /cases/:caseId/relatables", {
    params: caseIdParamSchema,
    body: attachRelatableRequestSchema,
    example: { params: caseParams, body: { resourceUrn: f.addressUrn, note: "fuzz" } },
  });
  add("DELETE /cases/:caseId/relatables", {
    params: caseIdParamSchema,
    query: queries.detach,
    example: { params: { caseId: String(f.spareCaseId) }, query: { resourceUrn: f.addressUrn } },
    exampleAnswers: [200, 404],
    ownPool: true,
  });
  add("POST /cases/:caseId/notes", {
    params: caseIdParamSchema,
    body: caseNoteRequestSchema,
    example: { params: caseParams, body: { text: "fuzz" } },
  });
  add("POST /triage/v1/trm-entity/escalate", {
    body: escalateRequestSchema,
    example: {
      body: {
        assignToUserUuids: [f.userUuid],
        alias: "fuzz",
        caseId: String(f.caseId),
        customNote: "fuzz",
        trmUrn: f.addressUrn,
      },
    },
  });
  add("GET /v1/users/escalations", { query: escalationInboxQuerySchema, example: { query: { limit: 5 } } });
  add("GET /v1/escalations/:uuid", {
    params: uuidParamSchema,
    example: { params: { uuid: f.escalationUuid } },
  });
  add("POST /v1/users/escalations/:uuid/read", {
    params: uuidParamSchema,
    example: { params: { uuid: f.escalationUuid } },
    exampleAnswers: [204],
  });
  add("GET /v1/organizations/:id/escalation-notify-targets", {
    params: params.organization,
    example: { params: organizationParams },
  });
  add("PUT /v1/organizations/:id/escalation-notify-targets", {
    params: params.organization,
    body: setEscalationNotifyTargetsRequestSchema,
    example: { params: organizationParams, body: { emails: null } },
  });
  add("GET /v1/organizations/:id/networks", {
    params: params.organization,
    example: { params: organizationParams },
  });
  add("GET /v1/organizations/:id/network-settings", {
    params: params.organization,
    example: { params: organizationParams },
  });
  add("POST /v1/trm-resources/investigation-interests/search", {
    query: interestSearchQuerySchema,
    body: interestSearchRequestSchema,
    example: { query: { includeResults: true }, body: { trmResourceUrns: [f.addressUrn] } },
  });
  const interestBody = {
    visibilityLevel: "ORG",
    privacyOption: "OPEN",
    note: "fuzz",
    isRevealNotificationEnabled: false,
    networkUuids: [],
    verticals: [],
    countryIsoCodes: [],
  };
  add("POST /v1/trm-resources/investigation-interests/bulk", {
    body: interestBulkRequestSchema,
    example: { body: { ...interestBody, trmResourceUrns: [f.entityUrn] } },
  });
  add("POST /v1/trm-resources/interests/:uuid/interested-investigator-reveals", {
    params: uuidParamSchema,
    body: z.strictObject({}),
    example: { params: { uuid: f.interestUuid } },
    exampleAnswers: [201],
  });
  add("GET /v1/trm-resources/:urn/investigation-interests", {
    params: params.element,
    example: { params: { urn: f.addressUrn } },
  });
  add("PUT /v1/trm-resources/:urn/investigation-interests/:uuid", {
    params: interestPathSchema,
    body: interestUpdateRequestSchema,
    example: { params: { urn: f.addressUrn, uuid: f.spareInterestUuid }, body: interestBody },
    ownPool: true,
  });
  add("DELETE /v1/trm-resources/:urn/investigation-interests/:uuid", {
    params: interestPathSchema,
    example: { params: { urn: f.addressUrn, uuid: f.spareInterestUuid } },
    exampleAnswers: [204],
    destructive: true,
  });
  add("GET /v1/users/investigation-interests/elements", { example: {} });
  add("GET /v1/users/investigation-interests/reveals", {
    query: revealNoticeQuerySchema,
    example: { query: { limit: 5 } },
  });
  add("POST /v1/users/investigation-interests/reveals/:uuid/read", {
    params: uuidParamSchema,
    example: { params: { uuid: "00000000-0000-4000-8000-000000000000" } },
    exampleAnswers: [404],
  });

  // Notifications and webhooks.
  add("GET /v1/notifications/status", { example: {} });
  add("GET /v1/notifications/deliveries/:uuid", {
    params: uuidParamSchema,
    example: { params: { uuid: "00000000-0000-4000-8000-000000000000" } },
    exampleAnswers: [404],
  });
  add("POST /v1/beacon/notifications", {
    body: beaconNotifyRequestSchema,
    example: { body: { entityUrn: f.vaspEntityUrn, action: "invite" } },
    exampleAnswers: [201, 400],
  });
  add("GET /v1/beacon/vasp", { query: queries.vasp, example: { query: { entityUrn: f.vaspEntityUrn } } });
  add("GET /v1/organization/webhooks", { example: {} });
  add("POST /v1/organization/webhooks", {
    body: createWebhookEndpointBodySchema,
    example: { body: { url: "http://127.0.0.1:9/hook" } },
  });
  add("DELETE /v1/organization/webhooks/:uuid", {
    params: uuidParamSchema,
    example: { params: { uuid: f.spareWebhookUuid } },
    exampleAnswers: [204],
    ownPool: true,
  });
  add("GET /v1/organization/webhooks/deliveries", {
    query: deliveryLogQuerySchema,
    example: { query: { limit: 5 } },
  });

  // Operator (issue 40): the operator's header, no user needed.
  add("GET /v1/operator/organizations", { headers: operator, example: {} });
  add("PUT /v1/operator/organizations/:organization/forensics-license", {
    headers: operator,
    params: params.operatorOrganization,
    body: licenceBodySchema,
    example: { params: { organization: f.spareOrganizationUuid }, body: { hasForensicsLicense: true } },
    ownPool: true,
  });
  add("GET /v1/operator/networks", { headers: operator, example: {} });
  add("POST /v1/operator/networks", {
    headers: operator,
    body: createNetworkBodySchema,
    example: { body: { name: "Fuzzed network", organization: f.organizationUuid } },
    exampleAnswers: [201, 409],
  });
  add("POST /v1/operator/networks/:network/organizations", {
    headers: operator,
    params: params.network,
    body: networkMemberBodySchema,
    example: { params: { network: f.networkUuid }, body: { organization: f.spareOrganizationUuid } },
    ownPool: true,
  });
  add("DELETE /v1/operator/networks/:network/organizations/:organization", {
    headers: operator,
    params: params.networkMember,
    example: { params: { network: f.networkUuid, organization: f.spareOrganizationUuid } },
    exampleAnswers: [200, 404, 409],
    destructive: true,
  });
  add("GET /v1/operator/law-enforcement-suggestions", { headers: operator, example: {} });
  add("POST /v1/operator/rollups/rebuild", { headers: operator, example: {}, runs: 2 });

  // Transfers (docs/API.md "Transfer tables").
  add("POST /trm-insights/v8/address/transfers", {
    body: addressTransfersRequestSchema,
    example: { body: { addressChainUrn: f.addressUrn, pageSize: 5 } },
  });
  add("POST /trm-insights/v6/address/transfers", {
    body: addressTransfersV6RequestSchema,
    example: { body: { addressChainUrn: f.addressUrn, pageSize: 5 } },
  });
  add("POST /trm-insights/v7/address/transfers/count", {
    body: addressTransfersCountRequestSchema,
    example: { body: { addressChainUrn: f.addressUrn } },
  });
  for (const version of ["v6", "v7"]) {
    add(`POST /trm-insights/${version}/flows/entity/transfers`, {
      body: entityTransfersRequestSchema,
      example: { body: { entityUrn: f.entityUrn, pageSize: 5 } },
    });
    add(`POST /trm-insights/${version}/flows/entity/transfers/count`, {
      body: entityTransfersCountRequestSchema,
      example: { body: { entityUrn: f.entityUrn } },
    });
  }
  add("POST /trm-insights/v6/flows/custom-entity/transfers", {
    body: customEntityTransfersRequestSchema,
    example: { body: { customEntityUrn: f.customEntityUrn, pageSize: 5 } },
  });
  add("POST /trm-insights/v6/flows/custom-entity/transfers/count", {
    body: customEntityTransfersCountRequestSchema,
    example: { body: { customEntityUrn: f.customEntityUrn } },
  });
  add("POST /v1/transfer-rows/address", {
    body: addressTransfersRequestSchema,
    example: { body: { addressChainUrn: f.addressUrn, pageSize: 50 } },
  });
  add("POST /v1/transfer-rows/entity", {
    body: entityTransfersRequestSchema,
    example: { body: { entityUrn: f.entityUrn, pageSize: 50 } },
  });
  add("POST /v1/transfer-rows/custom-entity", {
    body: customEntityTransfersRequestSchema,
    example: { body: { customEntityUrn: f.customEntityUrn, pageSize: 50 } },
  });

  // Flows, holdings, metrics, risk.
  flowTargets(f, add);
  for (const version of Object.keys(assetHoldingsLimits) as (keyof typeof assetHoldingsLimits)[])
    add(`POST /trm-insights/${version}/address/asset_holdings`, {
      body: assetHoldingsRequestSchema(version),
      example: { body: { addresses: [f.addressUrn] } },
    });
  add("POST /trm-insights/v1/address/metrics/summary/mini/bulk", {
    body: addressMetricsRequestSchema,
    example: { body: { addressChainUrns: [f.addressUrn] } },
  });
  add("POST /trm-insights/v1/entity/metrics/summary/mini/bulk", {
    body: entityMetricsRequestSchema,
    example: { body: { entityUrns: [f.entityUrn] } },
  });
  add("POST /trm-insights/v1/custom-entity/metrics/summary/bulk", {
    body: customEntityMetricsRequestSchema,
    example: { body: { customEntityUrns: [f.customEntityUrn] } },
  });
  add("POST /trm-insights/v4/risk/address/risk-indicators/mini-info/bulk", {
    body: addressRiskInfoRequestSchema,
    example: { body: { addressChainUrns: [f.addressUrn] } },
  });
  add("POST /trm-insights/v4/risk/entity/risk-score/info/bulk", {
    body: entityRiskScoreRequestSchema,
    example: { body: { entityUrns: [f.entityUrn] } },
  });

  // Search.
  add("GET /v1/search/configuration", { example: {} });
  add("GET /v3/attribution/autocomplete", {
    query: autocompleteRequestSchema,
    example: { query: { query: f.address.slice(0, 6), attributionType: "address", limit: 5 } },
  });
  add("POST /trm-insights/v4/transaction", {
    body: transactionLookupRequestSchema,
    example: { body: { tx_hashes: [f.txHash] } },
  });
  add("POST /v2/attribution/address", {
    body: attributionAddressRequestSchema,
    example: { body: { addressChainUrns: [f.addressUrn] } },
  });
  add("POST /v2/attribution/entity", {
    body: attributionEntityRequestSchema,
    example: { body: { entityUrns: [f.entityUrn], includeHasInetData: true } },
  });

  // Triage.
  add("GET /v1/triage/addresses/:chain/:address/report", {
    params: params.triageAddress,
    example: { params: { chain: f.chain, address: f.address } },
  });
  for (const version of addressPropertiesApiVersions)
    add(`POST /trm-insights/${version}/address/properties`, {
      body: addressPropertiesRequestSchema,
      example: { body: { addresses: [{ address: f.address, chain: f.chain }] } },
    });
  add("GET /v1/triage/entities/:entityUrn/properties", {
    params: params.entity,
    example: { params: { entityUrn: f.entityUrn } },
  });
  add("POST /v1/triage/law-enforcement-suggestions", {
    body: lawEnforcementSuggestionSchema,
    example: { body: { comments: "fuzz", entityUrn: f.vaspEntityUrn } },
  });
  add("POST /v1/triage/image-scan", { raw: imageBodies, example: { raw: tinyPng }, runs: 3 });

  // Graphs.
  add("GET /graphs", { example: {} });
  add("POST /graphs", {
    body: createGraphBodySchema,
    example: { body: { name: "Fuzzed graph", document: graphDocument(f) } },
  });
  add("GET /graphs/:graphId", { params: params.graph, example: { params: { graphId: f.graphId } } });
  add("PATCH /graphs/:graphId", {
    params: params.graph,
    body: patchGraphBodySchema,
    example: { params: { graphId: f.graphId }, body: { name: "Fuzzed graph", document: graphDocument(f) } },
  });
  add("POST /graphs/:graphId/export", {
    params: params.graph,
    query: graphExportQuerySchema,
    example: { params: { graphId: f.graphId }, query: { includeOrgNames: true } },
  });
  add("POST /graphs/nodes", {
    body: graphNodesRequestSchema,
    example: { body: { trmUrns: [f.addressUrn, f.entityUrn] } },
  });
  add("POST /graphs/expand", {
    body: expandRequestSchema,
    example: { body: { trmUrn: f.addressUrn, limit: 5 } },
  });
  add("POST /graphs/trace", {
    body: traceRequestSchema,
    example: { body: { trmUrn: f.addressUrn, hops: 2, fanOut: 3, timeBudgetMs: 500 } },
    runs: 4,
  });
  return targets;
}
