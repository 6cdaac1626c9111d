import {
  addressChainUrn,
  beaconCategoryIds,
  type ChainId,
  customEntityUrn,
  entityUrn,
  transactionUrn,
} from "@sleuth/sdk";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  answerProblem,
  describeRequest,
  exampleRequest,
  type FuzzRequest,
  requestsFor,
  sendFuzzRequest,
} from "../helpers/routeFuzz.ts";
import { startTestServer, type TestServer, type TestStoreKind } from "../helpers/server.ts";
import { type FuzzFixtures, fuzzTargets, sharedPool } from "./routeFuzzTargets.ts";

// Issue 41 "Bad input": every route the server registers is fuzzed from the SDK's own zod schemas
// (valid, near-valid and invalid bodies, queries and path parameters; routeFuzzTargets.ts) on both
// stores (routeFuzzPglite.test.ts, routeFuzzPostgres.test.ts): no 5xx, every refusal the one error
// envelope. A route without a target fails the first test. Each store's file needs more than 20 s:
// about 390 routes, each its example and a few generated requests over the small world, and the
// objects they name made first. Each route gets its example and SLEUTH_FUZZ_RUNS generated requests (default 3; one for the later versions of a flow family), one server
// per store, five routes at a time. The test command runs one fixed seed, so a run that passes
// passes again; SLEUTH_FUZZ_SEED=random draws new inputs to hunt with, a number replays a run.

const runs = Number(process.env.SLEUTH_FUZZ_RUNS ?? 3);
const fixedSeed = 41;
const seedSetting = process.env.SLEUTH_FUZZ_SEED;
const seed =
  seedSetting === "random" ? undefined : seedSetting === undefined ? fixedSeed : Number(seedSetting);
const operatorToken = "fuzz-operator-token-0123456789abcdef";

// The keys and flags of the table do not depend on the objects' ids: read them once to name the tests.
const placeholder = new Proxy({} as FuzzFixtures, {
  get: (_target, name) =>
    name === "chain" ? "bitcoin" : name.toString().endsWith("Id") ? 1 : `placeholder-${String(name)}`,
});
const layout = [...fuzzTargets(placeholder)].map(([key, target]) => ({
  key,
  destructive: target.destructive === true,
}));
const ordinary = layout.filter((entry) => !entry.destructive).map((entry) => entry.key);
// Removing the spare member, token and organization last: each only ever names its own spare object.
// An organization's removal goes last of all: a generated id could name the fuzz's own organization.
const destructive = layout
  .filter((entry) => entry.destructive)
  .map((entry) => entry.key)
  .sort((a, b) => Number(a === "DELETE /organizations/:id") - Number(b === "DELETE /organizations/:id"));

/** The fuzz of every route on one store kind, one server for the file. */
export function routeFuzzSuite(kind: TestStoreKind): void {
  describe(`every route fuzzed on ${kind} (issue 41)`, () => {
    let server: TestServer;
    let fixtures: FuzzFixtures;
    let targets: ReturnType<typeof fuzzTargets>;
    let pool: string[];
    let headers: Record<string, string>;

    async function api<T>(
      method: string,
      path: string,
      body?: unknown,
      extra: Record<string, string> = {},
    ): Promise<T> {
      const response = await server.fetch(path, {
        method,
        headers: {
          ...headers,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...extra,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`setup ${method} ${path}: ${response.status} ${text}`);
      return (JSON.parse(text) as { data: T }).data;
    }

    async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
      const [row] = await server.store.query<T>(sql, params);
      if (!row) throw new Error(`no row for ${sql}`);
      return row;
    }

    beforeAll(async () => {
      server = await startTestServer({
        store: kind,
        world: "small",
        env: {
          SLEUTH_OPERATOR_TOKEN: operatorToken,
          SLEUTH_RATE_LIMIT_PER_SECOND: "100000",
          SLEUTH_RATE_LIMIT_BURST: "100000",
        },
      });
      const token = await server.tokenFor(server.demo.user.email);
      headers = { authorization: `Bearer ${token}`, "x-sleuth-organization": server.demo.organization.uuid };

      const busiest = await one<{ id: string; chain: ChainId; address: string }>(
        `SELECT address_id AS id, chain, address FROM address_summary
       ORDER BY incoming_transfers + outgoing_transfers DESC, address_id LIMIT 1`,
      );
      const top = await one<{ id: number; slug: string; category_id: number }>(
        `SELECT e.id, e.slug, e.category_id FROM entity_summary s JOIN entities e ON e.id = s.entity_id
       ORDER BY s.transfers DESC, e.id LIMIT 1`,
      );
      const counterparty = await one<{ chain: ChainId; address: string }>(
        `SELECT c.chain, c.address FROM transfers t JOIN addresses c ON c.id = t.counterparty_id
       WHERE t.address_id = $1 AND c.id <> $1 ORDER BY t.id LIMIT 1`,
        [busiest.id],
      );
      const [counterpartyEntity] = await server.store.query<{ slug: string }>(
        `SELECT e.slug FROM transfers t JOIN entities e ON e.id = t.counterparty_entity_id
       WHERE t.address_id = $1 ORDER BY t.id LIMIT 1`,
        [busiest.id],
      );
      const [category] = await server.store.query<{ category_id: number }>(
        `SELECT x.category_id FROM transfers t JOIN address_categories x ON x.address_id = t.counterparty_id
       WHERE t.address_id = $1 ORDER BY t.id LIMIT 1`,
        [busiest.id],
      );
      const transaction = await one<{ chain: ChainId; hash: string }>(
        "SELECT chain, hash FROM transactions ORDER BY id LIMIT 1",
      );
      const vasp = await one<{ slug: string }>(
        "SELECT slug FROM entities WHERE category_id = ANY($1::int[]) ORDER BY id LIMIT 1",
        [[...beaconCategoryIds]],
      );
      const custom = await one<{ uuid: string }>(
        `SELECT ce.uuid::text AS uuid FROM custom_entities ce JOIN organizations o ON o.id = ce.organization_id
       WHERE o.uuid = $1 ORDER BY ce.id LIMIT 1`,
        [server.demo.organization.uuid],
      );
      const organization = await one<{ id: number }>("SELECT id FROM organizations WHERE uuid = $1", [
        server.demo.organization.uuid,
      ]);
      const addressUrn = addressChainUrn(busiest.chain, busiest.address);

      // Objects the fuzz reads, and spares it may change or remove.
      const spareCustom = await api<{ uuid: string }>("POST", "/v1/custom-entities", {
        name: "Fuzz spare",
        resources: [{ resourceUrn: addressUrn }],
      });
      const caseOf = (name: string) => api<{ id: number }>("POST", "/cases", { name, isSharedWithOrg: true });
      // Shared with the organization: only such a case can be escalated.
      const mainCase = await caseOf("Fuzz case");
      const spareCase = await caseOf("Fuzz spare case");
      const graph = await api<{ graphId: string }>("POST", "/graphs", {
        name: "Fuzz graph",
        document: { nodes: [], edges: [] },
      });
      const flag = await api<{ uuid: string }>("POST", "/v1/user-attributions", {
        trmResourceUrn: addressUrn,
        categoryId: "SCAM",
        evidenceDescription: "fuzz spare",
        contactEmail: "fuzz@test.example",
      });
      const detector = await api<{ uuid: string }>("POST", "/v1/detectors", {
        addressUrn,
        name: "fuzz spare",
      });
      const webhook = await api<{ uuid: string }>("POST", "/v1/organization/webhooks", {
        url: "http://127.0.0.1:9/spare",
      });
      const interestOf = async (urn: string) =>
        (
          await api<Array<{ uuid: string }>>("POST", "/v1/trm-resources/investigation-interests/bulk", {
            visibilityLevel: "ORG",
            privacyOption: "OPEN",
            note: "fuzz",
            isRevealNotificationEnabled: false,
            networkUuids: [],
            verticals: [],
            countryIsoCodes: [],
            trmResourceUrns: [urn],
          })
        )[0]!;
      const interest = await interestOf(addressUrn);
      const spareInterest = await interestOf(addressChainUrn(counterparty.chain, counterparty.address));
      const escalation = await api<{ uuid: string }>("POST", "/triage/v1/trm-entity/escalate", {
        assignToUserUuids: [server.demo.user.uuid],
        alias: "fuzz",
        caseId: String(mainCase.id),
        customNote: "fuzz",
        trmUrn: addressUrn,
      });
      const job = await api<{ asyncJobUuid: string }>("POST", "/v1/async-jobs", {
        jobType: "ADDRESS_TRANSFERS_CSV",
        parameters: { addressChainUrn: addressUrn, limit: 5 },
      });
      const importResponse = await server.fetch("/v1/imports/address-labels", {
        method: "POST",
        headers: { ...headers, "content-type": "text/csv", prefer: "respond-async" },
        body: "address,chain,label\n",
      });
      const importJob = ((await importResponse.json()) as { data: { importJobUuid: string } }).data;
      const spareToken = await api<{ id: number }>("POST", "/api-tokens", { name: "fuzz spare" });
      const spareOrganization = await api<{ uuid: string }>("POST", "/organizations", {
        name: "Fuzz spare org",
      });
      const spareMember = await server.createUser();
      await server.addMember(spareMember.email, server.demo.organization.uuid, "viewer");
      const network = await api<{ uuid: string }>(
        "POST",
        "/v1/operator/networks",
        { name: "Fuzz network", organization: server.demo.organization.uuid },
        { "x-sleuth-operator-token": operatorToken },
      );

      fixtures = {
        organizationUuid: server.demo.organization.uuid,
        organizationId: organization.id,
        spareOrganizationUuid: spareOrganization.uuid,
        userUuid: server.demo.user.uuid,
        spareMemberUuid: spareMember.uuid,
        chain: busiest.chain,
        address: busiest.address,
        addressUrn,
        entityUrn: entityUrn(top.slug),
        counterpartyAddressUrn: addressChainUrn(counterparty.chain, counterparty.address),
        counterpartyEntityUrn: entityUrn(counterpartyEntity?.slug ?? top.slug),
        customEntityUuid: custom.uuid,
        customEntityUrn: customEntityUrn(custom.uuid),
        spareCustomEntityUuid: spareCustom.uuid,
        counterpartyCategoryId: category?.category_id ?? 1,
        ownershipCategoryId: top.category_id,
        txHash: transaction.hash,
        transactionUrn: transactionUrn(transaction.chain, transaction.hash),
        caseId: mainCase.id,
        spareCaseId: spareCase.id,
        graphId: graph.graphId,
        graphUrn: `urn:sleuth:graph:${graph.graphId}`,
        spareFlagUuid: flag.uuid,
        spareDetectorUuid: detector.uuid,
        spareWebhookUuid: webhook.uuid,
        interestUuid: interest.uuid,
        spareInterestUuid: spareInterest.uuid,
        escalationUuid: escalation.uuid,
        asyncJobUuid: job.asyncJobUuid,
        importJobUuid: importJob.importJobUuid,
        spareApiTokenId: spareToken.id,
        networkUuid: network.uuid,
        vaspEntityUrn: entityUrn(vasp.slug),
        operatorToken,
      };
      targets = fuzzTargets(fixtures);
      pool = sharedPool(fixtures);
    });

    afterAll(async () => {
      // A fuzzed start of the Ethereum follower points at a closed local port; stop it before closing.
      if (server) await server.fetch("/v1/ingest/ethereum/stop", { method: "POST", headers }).catch(() => {});
      await server?.close();
    });

    test("issue 41 every registered route has a fuzz target, and every target a route", () => {
      const registered = new Set(
        server
          .routes()
          .filter((route) => route.method !== "HEAD")
          .map((route) => `${route.method} ${route.url}`),
      );
      expect([...registered].filter((key) => !targets.has(key)).sort()).toEqual([]);
      expect([...targets.keys()].filter((key) => !registered.has(key)).sort()).toEqual([]);
    });

    /** The route's example, then its generated requests: no 5xx, every refusal the one envelope. */
    async function fuzz(key: string): Promise<void> {
      const target = targets.get(key)!;
      // A token of its own: a route that revokes tokens or signs out cannot lock the others out.
      const own = {
        ...headers,
        authorization: `Bearer ${await server.tokenFor(server.demo.user.email)}`,
        ...target.headers,
      };
      const example = exampleRequest(key, target);
      const first = await sendFuzzRequest(server.baseUrl, example, own);
      expect(answerProblem(first), describeRequest(example)).toBeNull();
      expect(
        target.exampleAnswers ?? [200, 201, 202, 204],
        `${describeRequest(example)} → ${first.text.slice(0, 300)}`,
      ).toContain(first.status);
      await fc.assert(
        fc.asyncProperty(requestsFor(key, target, pool), async (request: FuzzRequest) => {
          const answer = await sendFuzzRequest(server.baseUrl, request, own);
          const problem = answerProblem(answer);
          if (problem) throw new Error(`${describeRequest(request)}\n  ${problem}`);
        }),
        { numRuns: target.runs ?? runs, seed, endOnFailure: process.env.CI !== undefined },
      );
    }

    test.concurrent.for(ordinary)("issue 41 %s: no 5xx, every refusal the envelope", async (key) => {
      await fuzz(key);
    });

    describe("routes that remove what others read, after them", () => {
      test.for(destructive)("issue 41 %s: no 5xx, every refusal the envelope", async (key) => {
        await fuzz(key);
      });
    });
  });
}
