import {
  ApiError,
  addressChainUrn,
  bulkBatchSizes,
  type ChainId,
  chains,
  displayAddress,
  type SleuthClient,
  searchResultLimits,
} from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

// Global search end to end (issue 5 "Server"): the SDK's calls against the real server over a store
// seeded with the small demo world, on both engines.

describe.each(storeKinds)("global search on %s", (kind) => {
  let server: TestServer;
  let demo: SleuthClient;
  let demoToken: string;
  let partnerViewer: SleuthClient;
  let analyst: SleuthClient;

  beforeAll(async () => {
    server = await startTestServer({ store: kind, world: "small" });
    demoToken = await server.tokenFor(server.demo.user.email);
    demo = server.client({ token: demoToken, organizationUuid: server.demo.organization.uuid });
    partnerViewer = server.client({ token: demoToken, organizationUuid: server.demo.partner.uuid });
    analyst = server.client({
      token: await server.tokenFor(server.demo.analyst.email),
      organizationUuid: server.demo.partner.uuid,
    });
    // Names that exercise every rank at once (the world's own names are random words).
    await server.store.query(
      `INSERT INTO entities (slug, name, category_id, source)
       SELECT slug, name, 8, 'test' FROM unnest($1::text[], $2::text[]) AS n(slug, name)`,
      [
        ["qorvex", "qorvex-exchange", "old-qorvex-pool", "biqorvexa", "qorvax"],
        ["Qorvex", "Qorvex Exchange", "Old Qorvex Pool", "Biqorvexa", "Qorvax"],
      ],
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
    const [row] = await server.store.query<T>(sql, params);
    if (!row) throw new Error(`no row for ${sql}`);
    return row;
  }

  test("001 §7 autocomplete answers 401 without credentials and 400 for an unknown attribution type", async () => {
    const anonymous = await server.fetch("/v3/attribution/autocomplete?query=qorvex&attributionType=entity");
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.code).toBe("unauthenticated");
    const unknown = await server.fetch("/v3/attribution/autocomplete?query=qorvex&attributionType=wallet", {
      headers: { authorization: `Bearer ${demoToken}` },
    });
    expect(unknown.status).toBe(400);
    const body = await unknown.json();
    expect(body.error).toMatchObject({ code: "bad_request" });
    expect(body.error.details[0].path).toEqual(["attributionType"]);
    await expect(demo.search.autocomplete({ query: "   ", attributionType: "entity" })).rejects.toMatchObject(
      {
        code: "bad_request",
      },
    );
  });

  test("002 §4 entity names rank exact, then prefix, then word start, then substring, then similar", async () => {
    const { hits, meta } = await demo.search.autocomplete({ query: "qorvex", attributionType: "entity" });
    expect(hits.map((hit) => [hit.name, hit.match])).toEqual([
      ["Qorvex", "exact"],
      ["Qorvex Exchange", "prefix"],
      ["Old Qorvex Pool", "prefix"],
      ["Biqorvexa", "substring"],
      ["Qorvax", "similar"],
    ]);
    expect(meta).toEqual({ limit: searchResultLimits.default, offset: 0, hasMore: false });
    expect(hits[0]).toMatchObject({
      entityUrn: "urn:sleuth:entity:qorvex",
      entity: "qorvex",
      categoryId: 8,
      category: "Exchange",
      tags: [{ categoryId: 8, entityUrn: "urn:sleuth:entity:qorvex", entity: "Qorvex" }],
    });
    // Case does not matter, and paging keeps the order.
    const upper = await demo.search.autocomplete({ query: "QORVEX", attributionType: "entity", limit: 2 });
    expect(upper.hits.map((hit) => hit.name)).toEqual(["Qorvex", "Qorvex Exchange"]);
    expect(upper.meta.hasMore).toBe(true);
    const next = await demo.search.autocomplete({
      query: "qorvex",
      attributionType: "entity",
      limit: 2,
      offset: 2,
    });
    expect(next.hits.map((hit) => hit.name)).toEqual(["Old Qorvex Pool", "Biqorvexa"]);
  });

  test("002 §9 a query with % is a pattern with the wildcard result limit", async () => {
    const { hits, meta } = await demo.search.autocomplete({ query: "kes%pool", attributionType: "entity" });
    expect(meta.limit).toBe(searchResultLimits.wildcard);
    expect(hits.map((hit) => hit.name)).toEqual([]);
    const inner = await demo.search.autocomplete({ query: "%qorvex p%", attributionType: "entity" });
    expect(inner.hits.map((hit) => hit.name)).toEqual(["Old Qorvex Pool"]);
    const prefix = await demo.search.autocomplete({ query: "Qorvex%", attributionType: "entity" });
    expect(prefix.hits.map((hit) => hit.name)).toEqual(["Qorvex", "Qorvex Exchange"]);
  });

  test("002 §4 an entity's slug or pasted URN finds it exactly, with its volume and address count", async () => {
    const entity = await one<{ slug: string; name: string; addresses: number; volume: number }>(
      `SELECT e.slug, e.name, (SELECT count(*)::int FROM addresses a WHERE a.entity_id = e.id) AS addresses,
              (SELECT sum(incoming_usd + outgoing_usd) FROM entity_daily_flows f WHERE f.entity_id = e.id) AS volume
       FROM entities e WHERE e.source = 'demo' ORDER BY 3 DESC, e.id LIMIT 1`,
    );
    for (const query of [entity.slug, `urn:sleuth:entity:${entity.slug}`]) {
      const { hits } = await demo.search.autocomplete({ query, attributionType: "entity" });
      expect(hits[0]).toMatchObject({ name: entity.name, match: "exact", addresses: entity.addresses });
      expect(hits[0]?.totalVolume).toBeCloseTo(entity.volume, 1);
    }
  });

  test("000 §5 an EVM address is found whatever its case, once, with its other chains", async () => {
    const multi = await one<{ address: string; chains: string[] }>(
      `SELECT address, array_agg(chain ORDER BY chain) AS chains FROM addresses
       WHERE address LIKE '0x%' GROUP BY address HAVING count(*) > 1 ORDER BY address LIMIT 1`,
    );
    for (const query of [
      multi.address,
      multi.address.toUpperCase().replace("0X", "0x"),
      displayAddress("ethereum", multi.address),
    ]) {
      const { hits } = await demo.search.autocomplete({ query, attributionType: "address" });
      expect(hits, query).toHaveLength(1);
      const [hit] = hits;
      expect(hit).toMatchObject({ address: multi.address, match: "exact", multiple: true });
      const chains = [hit!.chain, ...(hit!.seeMore ?? []).map((other) => other.chain)].sort();
      expect(chains).toEqual(multi.chains);
      expect(
        hit!.seeMore?.every((other) => other.addressChainUrn === addressChainUrn(other.chain, multi.address)),
      ).toBe(true);
    }
  });

  test("002 §4 address prefixes are case-insensitive on EVM, exact before prefix, paged in address order", async () => {
    const rows = await server.store.query<{ address: string }>(
      "SELECT DISTINCT address FROM addresses WHERE address LIKE '0x%' ORDER BY address LIMIT 3",
    );
    const prefix = rows[0]!.address.slice(0, 5);
    const expected = await server.store.query<{ address: string }>(
      "SELECT DISTINCT address FROM addresses WHERE address LIKE $1 ORDER BY address",
      [`${prefix}%`],
    );
    const { hits } = await demo.search.autocomplete({
      query: prefix.toUpperCase().replace("0X", "0x"),
      attributionType: "address",
    });
    expect(hits.map((hit) => hit.address)).toEqual(expected.map((row) => row.address).slice(0, 20));
    expect(hits.every((hit) => hit.match === "prefix")).toBe(true);
    // A full address is exact and never repeated among the prefix hits.
    const exact = await demo.search.autocomplete({ query: expected[0]!.address, attributionType: "address" });
    expect(exact.hits.map((hit) => hit.match)).toEqual(["exact"]);
    // Too short a prefix finds nothing rather than every address.
    expect((await demo.search.autocomplete({ query: "0x1", attributionType: "address" })).hits).toEqual([]);
  });

  test("000 §3 a base58 address is case-sensitive and carries its tags and owner", async () => {
    const owned = await one<{ address: string; chain: string; entity: string; slug: string }>(
      `SELECT a.address, a.chain, e.name AS entity, e.slug FROM addresses a JOIN entities e ON e.id = a.entity_id
       WHERE a.chain = 'tron' ORDER BY a.id LIMIT 1`,
    );
    const { hits } = await demo.search.autocomplete({ query: owned.address, attributionType: "address" });
    expect(hits[0]).toMatchObject({
      address: owned.address,
      chain: owned.chain,
      match: "exact",
      isActive: true,
    });
    expect(hits[0]?.relatedEntities).toContainEqual({
      entityUrn: `urn:sleuth:entity:${owned.slug}`,
      name: owned.entity,
    });
    expect(hits[0]?.tags[0]).toMatchObject({ entityUrn: `urn:sleuth:entity:${owned.slug}` });
    const prefix = owned.address.slice(0, 10);
    const typed = await demo.search.autocomplete({ query: prefix, attributionType: "address" });
    expect(typed.hits.map((hit) => hit.address)).toContain(owned.address);
    const lowered = await demo.search.autocomplete({
      query: prefix.toLowerCase(),
      attributionType: "address",
    });
    expect(lowered.hits.map((hit) => hit.address)).not.toContain(owned.address);
  });

  test("002 §6 custom entities are searched in the caller's organization only", async () => {
    const mine = await demo.search.autocomplete({ query: "peel", attributionType: "custom_entity" });
    expect(mine.hits.map((hit) => hit.name)).toEqual(["Peel chain suspects"]);
    expect(mine.hits[0]).toMatchObject({ createdByUser: "Dana Demo", match: "prefix" });
    expect(mine.hits[0]?.addressCount).toBeGreaterThan(0);
    expect(
      (await demo.search.autocomplete({ query: "mixer", attributionType: "custom_entity" })).hits,
    ).toEqual([]);
    expect(
      (await analyst.search.autocomplete({ query: "peel", attributionType: "custom_entity" })).hits,
    ).toEqual([]);
    const partner = await partnerViewer.search.autocomplete({
      query: "cash-out",
      attributionType: "custom_entity",
    });
    expect(partner.hits.map((hit) => hit.name)).toEqual(["Mixer cash-out wallets"]);
    // Even its URN does not reach another organization's custom entity.
    const urn = partner.hits[0]!.entityUrn;
    expect((await demo.search.autocomplete({ query: urn, attributionType: "custom_entity" })).hits).toEqual(
      [],
    );
    expect(
      (await partnerViewer.search.autocomplete({ query: urn, attributionType: "custom_entity" })).hits,
    ).toHaveLength(1);
    const metrics = await demo.metrics.customEntities([urn]);
    expect(metrics).toMatchObject({ success: true, data: [] });
  });

  test("002 §3 an IP is found exactly or by its first octets, with its association", async () => {
    const host = await one<{ ip: string; addresses: number }>(
      `SELECT h.ip, count(o.address_id)::int AS addresses FROM inet_hosts h JOIN inet_observations o ON o.inet_id = h.id
       WHERE h.ip LIKE '%.%' GROUP BY h.ip ORDER BY h.ip LIMIT 1`,
    );
    const exact = await demo.search.autocomplete({ query: host.ip, attributionType: "inet" });
    expect(exact.hits[0]).toMatchObject({
      entityUrn: `urn:sleuth:inet:${host.ip}`,
      numAssociatedAddresses: host.addresses,
      match: "exact",
    });
    const octets = host.ip.split(".").slice(0, 3).join(".");
    const partial = await demo.search.autocomplete({ query: `${octets}.`, attributionType: "inet" });
    expect(partial.hits.length).toBeGreaterThan(0);
    expect(partial.hits.every((hit) => hit.ip.startsWith(`${octets}.`))).toBe(true);
    expect((await demo.search.autocomplete({ query: "qorvex", attributionType: "inet" })).hits).toEqual([]);
  });

  test("001 §3 address properties: a segwit v0 keyhash address is a witness_v0_keyhash on the wire", async () => {
    const tx = await one<{ hash: string; address: string }>(
      `SELECT t.hash, a.address FROM transactions t
       JOIN transfers r ON r.transaction_id = t.id JOIN addresses a ON a.id = r.address_id
       WHERE t.chain = 'bitcoin' AND a.address LIKE 'bc1q%' AND length(a.address) = 42
       ORDER BY t.id LIMIT 1`,
    );
    const [row] = await demo.search.transactions({ tx_hashes: [tx.hash] });
    const party = [...(row?.from ?? []), ...(row?.to ?? [])].find((side) => side.address === tx.address);
    expect(party?.address_properties.addressType).toBe("witness_v0_keyhash");
  });

  test("001 §7 a transaction hash looks up its 002 §3 rows, fee on request, transfers excluded on request", async () => {
    const tx = await one<{ hash: string; chain: string; senders: number; receivers: number }>(
      `SELECT t.hash, t.chain,
              count(DISTINCT (r.address_id, r.asset_id)) FILTER (WHERE r.direction = 'outgoing')::int AS senders,
              count(DISTINCT (r.address_id, r.asset_id)) FILTER (WHERE r.direction = 'incoming')::int AS receivers
       FROM transactions t JOIN transfers r ON r.transaction_id = t.id
       WHERE t.chain = 'ethereum' GROUP BY t.id, t.hash, t.chain
       HAVING count(*) FILTER (WHERE r.counterparty_id IS NOT NULL) > 0 ORDER BY t.id LIMIT 1`,
    );
    const [row] = await demo.search.transactions({
      tx_hashes: [tx.hash.toUpperCase().replace("0X", "0x")],
      include_fee: true,
    });
    expect(row).toMatchObject({
      chain: "ethereum",
      tx_hash: tx.hash,
      transactionUrn: `urn:sleuth:transaction:ethereum:${tx.hash}`,
    });
    expect(row?.from).toHaveLength(tx.senders);
    expect(row?.to).toHaveLength(tx.receivers);
    expect(row?.fee).toMatch(/^\d+(\.\d+)?$/);
    const party = row!.from![0]!;
    expect(party.trmUrn).toBe(addressChainUrn("ethereum", party.address));
    expect(Number(party.value)).toBeGreaterThan(0);
    expect(party.address_properties.addressType).toBeDefined();
    const bare = await demo.search.transactions({
      tx_hashes: [`urn:sleuth:transaction:ethereum:${tx.hash}`],
      exclude_transfers: true,
    });
    expect(bare[0]).not.toHaveProperty("from");
    expect(bare[0]).not.toHaveProperty("fee");
    expect(await demo.search.transactions({ tx_hashes: [`0x${"0".repeat(64)}`] })).toEqual([]);
    const tooMany = await server.fetch("/trm-insights/v4/transaction", {
      method: "POST",
      headers: { authorization: `Bearer ${demoToken}`, "content-type": "application/json" },
      body: JSON.stringify({ tx_hashes: [] }),
    });
    expect(tooMany.status).toBe(400);
  });

  test("002 §3 a transaction party carries its previous and next transaction", async () => {
    const busy = await one<{ address: string; chain: string; hash: string }>(
      `SELECT a.address, a.chain, x.hash FROM (
         SELECT address_id, transaction_id, row_number() OVER (PARTITION BY address_id ORDER BY block_timestamp, id) AS n,
                count(*) OVER (PARTITION BY address_id) AS total
         FROM transfers WHERE direction = 'outgoing') t
       JOIN addresses a ON a.id = t.address_id JOIN transactions x ON x.id = t.transaction_id
       WHERE t.n = 2 AND t.total >= 3 ORDER BY a.id LIMIT 1`,
    );
    const [row] = await demo.search.transactions({
      tx_hashes: [`urn:sleuth:transaction:${busy.chain}:${busy.hash}`],
    });
    const party = row!.from!.find((candidate) => candidate.address === busy.address)!;
    expect(party.previous_transaction!.timestamp <= row!.block_timestamp).toBe(true);
    expect(party.next_transaction!.timestamp >= row!.block_timestamp).toBe(true);
    expect(party.previous_transaction?.urn).not.toBe(row!.transactionUrn);
  });

  test("002 §5 address attribution needs valid URNs; known addresses answer their tags", async () => {
    const tagged = await one<{ address: string; chain: "ethereum"; tags: number }>(
      `SELECT a.address, a.chain, count(t.id)::int AS tags FROM addresses a JOIN attribution_tags t ON t.address_id = a.id
       WHERE a.entity_id IS NULL GROUP BY a.id ORDER BY count(t.id) DESC, a.id LIMIT 1`,
    );
    const urn = addressChainUrn(tagged.chain, tagged.address);
    const unknown = addressChainUrn("ethereum", `0x${"12".repeat(20)}`);
    const result = await demo.attribution.addresses([urn, unknown]);
    expect(result.success).toBe(true);
    expect(result.data.map((item) => item.addressChainUrn)).toEqual([urn]);
    expect(result.data[0]?.tags).toHaveLength(tagged.tags);
    expect(result.data[0]?.tags[0]?.sources?.[0]?.confidenceScore).toBeGreaterThan(0);
    // 000 §3: the most confident tag first.
    const confidences = result.data[0]?.tags.map((tag) => tag.sources?.[0]?.confidenceScore ?? 0) ?? [];
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
    await expect(demo.attribution.addresses([urn, "0xnot-an-urn"])).rejects.toThrow(
      "Invalid attribution addresses",
    );
    const invalid = await server.fetch("/v2/attribution/address", {
      method: "POST",
      headers: { authorization: `Bearer ${demoToken}`, "content-type": "application/json" },
      body: JSON.stringify({ addressChainUrns: ["urn:sleuth:address:ethereum:0x12"] }),
    });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.details[0].message).toBe("Invalid attribution addresses");
  });

  test("002 §7 entity attribution answers the entity's categories and whether it has IP data", async () => {
    const observed = await one<{ slug: string; category_id: number }>(
      `SELECT e.slug, e.category_id FROM entities e WHERE EXISTS (
         SELECT 1 FROM addresses a JOIN inet_observations o ON o.address_id = a.id WHERE a.entity_id = e.id)
       ORDER BY e.id LIMIT 1`,
    );
    const urn = `urn:sleuth:entity:${observed.slug}`;
    const result = await demo.attribution.entities([urn, "urn:sleuth:entity:qorvex"], {
      includeHasInetData: true,
    });
    expect(result.data.map((item) => [item.entityUrn, item.hasInetData])).toEqual([
      [urn, true],
      ["urn:sleuth:entity:qorvex", false],
    ]);
    expect(result.data[0]?.tags[0]).toMatchObject({ categoryId: observed.category_id, entityUrn: urn });
    const without = await demo.attribution.entities([urn]);
    expect(without.data[0]).not.toHaveProperty("hasInetData");
  });

  test("000 §7 address metrics add up the rollups; unknown addresses are left out", async () => {
    const addresses = await server.store.query<{
      chain: "ethereum";
      address: string;
      incoming: number;
      outgoing: number;
      transfers: number;
      assets: number;
    }>(
      `SELECT a.chain, a.address, sum(t.amount_usd) FILTER (WHERE t.direction = 'incoming') AS incoming,
              sum(t.amount_usd) FILTER (WHERE t.direction = 'outgoing') AS outgoing, count(*)::int AS transfers,
              count(DISTINCT t.asset_id)::int AS assets
       FROM addresses a JOIN transfers t ON t.address_id = a.id GROUP BY a.id ORDER BY a.id LIMIT 5`,
    );
    const urns = addresses.map((row) => addressChainUrn(row.chain, row.address));
    const unknown = addressChainUrn("ethereum", `0x${"34".repeat(20)}`);
    const result = await demo.metrics.addresses([unknown, ...urns]);
    expect(result.success).toBe(true);
    expect(result.data.map((item) => item.addressChainUrn)).toEqual(urns);
    for (const [index, row] of addresses.entries()) {
      const item = result.data[index]!;
      expect(item.totalTransfers).toBe(row.transfers);
      expect(item.incomingVolumeUsd).toBeCloseTo(row.incoming ?? 0, 1);
      expect(item.outgoingVolumeUsd).toBeCloseTo(row.outgoing ?? 0, 1);
      expect(item.totalUniqueAssets).toBe(row.assets);
      expect(item.addressCount).toBe(1);
      expect(item.firstActiveDate).not.toBeNull();
      expect(typeof item.balanceAmountUsd).toBe("number");
    }
    const volumeOnly = await demo.metrics.addresses(urns.slice(0, 1), {
      includeAssetCount: false,
      includeBalanceMetrics: false,
    });
    expect(Object.keys(volumeOnly.data[0]!).sort()).toEqual(
      [
        "addressChainUrn",
        "addressCount",
        "firstActiveDate",
        "incomingTransfers",
        "incomingVolumeUsd",
        "lastActiveDate",
        "outgoingTransfers",
        "outgoingVolumeUsd",
        "totalTransfers",
        "totalVolumeUsd",
        "unpricedTransfers",
      ].sort(),
    );
  });

  test("000 §7 a 0x-address asked on every EVM chain answers each chain it is known on, in request order", async () => {
    const shared = await one<{ address: string; chains: ChainId[] }>(
      `SELECT address, array_agg(chain ORDER BY chain) AS chains FROM addresses
       WHERE address LIKE '0x%' GROUP BY address HAVING count(*) > 1 ORDER BY address LIMIT 1`,
    );
    const evmChains = chains.filter((chain) => chain.family === "evm").map((chain) => chain.id);
    // Every EVM chain, the known ones last and one of them twice, as a pasted list may hold it.
    const asked = [
      ...evmChains.filter((chain) => !shared.chains.includes(chain)),
      ...shared.chains,
      shared.chains[0]!,
    ].map((chain) => addressChainUrn(chain, shared.address));
    const known = asked.filter((urn) => shared.chains.some((chain) => urn.includes(`:${chain}:`)));
    expect(known.length).toBe(shared.chains.length + 1);
    const [metrics, risk, attribution] = await Promise.all([
      demo.metrics.addresses(asked),
      demo.risk.addresses(asked),
      demo.attribution.addresses(asked),
    ]);
    expect(metrics.data.map((item) => item.addressChainUrn)).toEqual(known);
    expect(risk.data.map((item) => item.addressChainUrn)).toEqual(known);
    expect(attribution.data.map((item) => item.addressChainUrn)).toEqual(known);
  });

  test("000 §9 bulk calls take 900 addresses, 20 entities and 100 custom entities; one more answers 400", async () => {
    const post = (path: string, body: unknown) =>
      server.fetch(path, {
        method: "POST",
        headers: { authorization: `Bearer ${demoToken}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const addresses = (count: number) =>
      Array.from({ length: count }, (_, index) =>
        addressChainUrn("ethereum", `0x${index.toString(16).padStart(40, "0")}`),
      );
    const entities = (count: number) =>
      Array.from({ length: count }, (_, index) => `urn:sleuth:entity:e${index}`);
    const customs = (count: number) =>
      Array.from(
        { length: count },
        (_, index) =>
          `urn:sleuth:custom-entity:00000000-0000-4000-8000-${index.toString().padStart(12, "0")}`,
      );
    const cases: [string, string, (count: number) => string[], number][] = [
      [
        "/trm-insights/v1/address/metrics/summary/mini/bulk",
        "addressChainUrns",
        addresses,
        bulkBatchSizes.addresses,
      ],
      [
        "/trm-insights/v4/risk/address/risk-indicators/mini-info/bulk",
        "addressChainUrns",
        addresses,
        bulkBatchSizes.addresses,
      ],
      ["/trm-insights/v1/entity/metrics/summary/mini/bulk", "entityUrns", entities, bulkBatchSizes.entities],
      ["/trm-insights/v4/risk/entity/risk-score/info/bulk", "entityUrns", entities, bulkBatchSizes.entities],
      [
        "/trm-insights/v1/custom-entity/metrics/summary/bulk",
        "customEntityUrns",
        customs,
        bulkBatchSizes.customEntities,
      ],
    ];
    for (const [path, field, urns, size] of cases) {
      const full = await post(path, { [field]: urns(size) });
      expect(full.status, path).toBe(200);
      expect(await full.json(), path).toEqual({ success: true, data: [] });
      const over = await post(path, { [field]: urns(size + 1) });
      expect(over.status, path).toBe(400);
      expect((await over.json()).error.code).toBe("bad_request");
    }
  });

  test("000 §7 the SDK sends bulk calls in the spec's batches and reports a failed batch without stopping", async () => {
    const known = await server.store.query<{ chain: "ethereum"; address: string }>(
      "SELECT chain, address FROM addresses ORDER BY id LIMIT 3",
    );
    const knownUrns = known.map((row) => addressChainUrn(row.chain, row.address));
    const filler = Array.from({ length: bulkBatchSizes.addresses * 2 }, (_, index) =>
      addressChainUrn("ethereum", `0x${(index + 1).toString(16).padStart(40, "f")}`),
    );
    const all = [knownUrns[0]!, ...filler, knownUrns[1]!, knownUrns[2]!];
    const result = await demo.metrics.addresses(all);
    expect(result.success).toBe(true);
    expect(result.data.map((item) => item.addressChainUrn)).toEqual(knownUrns);
    // A batch that cannot be answered (a malformed URN: 400, checked before it is sent) fails alone;
    // the batches after it still run.
    const broken = [
      ...all.slice(0, bulkBatchSizes.addresses),
      "urn:sleuth:address:ethereum:0xbad",
      ...all.slice(bulkBatchSizes.addresses),
    ];
    const partial = await demo.metrics.addresses(broken);
    expect(partial.success).toBe(false);
    expect(partial.failures.map((failure) => failure.index)).toEqual([1]);
    expect(partial.failures[0]?.error).toBeInstanceOf(ApiError);
    expect(partial.data.map((item) => item.addressChainUrn)).toEqual(knownUrns);
  });

  test("000 §7 risk mini-info scores an address by its riskiest category, 000 §3 indicators only", async () => {
    const risky = await one<{ chain: "bitcoin"; address: string; level: number; category: string }>(
      `SELECT a.chain, a.address, l.level, c.name AS category FROM addresses a
       JOIN entities e ON e.id = a.entity_id JOIN categories c ON c.id = e.category_id
       JOIN category_risk_levels l ON l.category_id = e.category_id AND l.risk_type = 'ownership'
       WHERE l.level >= 10 ORDER BY a.id LIMIT 1`,
    );
    const clean = await one<{ chain: "bitcoin"; address: string }>(
      `SELECT a.chain, a.address FROM addresses a WHERE a.entity_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM attribution_tags t WHERE t.address_id = a.id)
         AND NOT EXISTS (SELECT 1 FROM address_exposure x JOIN category_risk_levels l
                         ON l.category_id = x.category_id AND l.risk_type = x.risk_type WHERE x.address_id = a.id AND l.level > 0)
       ORDER BY a.id LIMIT 1`,
    );
    const result = await demo.risk.addresses([
      addressChainUrn(risky.chain, risky.address),
      addressChainUrn(clean.chain, clean.address),
    ]);
    const [riskyInfo, cleanInfo] = result.data;
    expect(riskyInfo?.riskScore).toBeGreaterThanOrEqual(risky.level);
    expect(riskyInfo?.riskIndicators).toContainEqual(
      expect.objectContaining({
        riskType: "ownership",
        category: risky.category,
        categoryRiskScoreLevel: risky.level,
      }),
    );
    expect(riskyInfo?.riskScoreLabel).toMatch(/High|Severe/);
    // 000 §3: a mini-info indicator is riskType, category and level, highest level first.
    const levels = riskyInfo?.riskIndicators.map((indicator) => indicator.categoryRiskScoreLevel) ?? [];
    expect(levels).toEqual([...levels].sort((a, b) => b - a));
    expect(levels[0]).toBe(riskyInfo?.riskScore);
    for (const indicator of riskyInfo?.riskIndicators ?? [])
      expect(Object.keys(indicator).sort()).toEqual(["category", "categoryRiskScoreLevel", "riskType"]);
    expect(cleanInfo).toMatchObject({
      riskScore: 0,
      riskScoreLabel: null,
      riskScoreLevel: 1,
      riskIndicators: [],
    });
    const entity = await one<{ slug: string }>(
      `SELECT e.slug FROM entities e JOIN category_risk_levels l ON l.category_id = e.category_id AND l.risk_type = 'ownership'
       WHERE l.level = 15 ORDER BY e.id LIMIT 1`,
    );
    const scores = await demo.risk.entities([`urn:sleuth:entity:${entity.slug}`]);
    expect(scores.data[0]).toMatchObject({ riskScore: 15, riskScoreLabel: "Severe", riskScoreLevel: 5 });
    const entityMetrics = await demo.metrics.entities([`urn:sleuth:entity:${entity.slug}`]);
    expect(entityMetrics.data[0]?.addressCount).toBeGreaterThan(0);
  });

  test("000 §4 request information stores a status report per user and organization, once per key", async () => {
    const report = await demo.search.statusReport("0xdeadbeef unknown wallet", "  seen in a phishing kit  ");
    expect(report).toMatchObject({ query: "0xdeadbeef unknown wallet", details: "seen in a phishing kit" });
    const viewer = await partnerViewer.search.statusReport("Some Exchange");
    expect(viewer.details).toBeNull();
    const stored = await server.store.query<{ organization: string; payload: unknown }>(
      `SELECT o.uuid::text AS organization, r.payload FROM user_reports r JOIN organizations o ON o.id = r.organization_id
       WHERE r.kind = 'status-report' ORDER BY r.id`,
    );
    expect(stored).toEqual([
      {
        organization: server.demo.organization.uuid,
        payload: { query: "0xdeadbeef unknown wallet", details: "seen in a phishing kit" },
      },
      { organization: server.demo.partner.uuid, payload: { query: "Some Exchange" } },
    ]);
    const send = () =>
      server.fetch("/user-report/status-report", {
        method: "POST",
        headers: {
          authorization: `Bearer ${demoToken}`,
          "content-type": "application/json",
          "idempotency-key": "status-1",
        },
        body: JSON.stringify({ query: "repeat me" }),
      });
    const first = await (await send()).json();
    const again = await send();
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await again.json()).data.id).toBe(first.data.id);
    const empty = await server.fetch("/user-report/status-report", {
      method: "POST",
      headers: { authorization: `Bearer ${demoToken}`, "content-type": "application/json" },
      body: JSON.stringify({ query: " " }),
    });
    expect(empty.status).toBe(400);
  });

  test("000 §4 a search query records a search_query activity entry", async () => {
    const entry = await demo.search.logQuery("  qorvex  ", { module: "navigation" });
    expect(entry).toMatchObject({
      action: "search_query",
      details: { query: "qorvex", module: "navigation" },
    });
    const recent = await demo.activity.list({ limit: 1 });
    expect(recent[0]?.id).toBe(entry.id);
  });
});
