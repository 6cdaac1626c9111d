import {
  addressChainUrn,
  type ChainId,
  type CsvCell,
  categoryAddressCsvRow,
  categoryTransferCsvRow,
  counterpartyCsvRow,
  customEntityUrn,
  type EntityTransferRow,
  type ExportJobType,
  type ExportRequest,
  entityUrn,
  exportCsvText,
  type FlowValueType,
  riskIndicatorCsvRow,
  type SleuthClient,
  subjectFieldsFor,
  type TransferRow,
  transferCsvRow,
} from "@sleuth/sdk";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";
import { downloadJobFile, startsFormula, waitForJob } from "./exportHelpers.ts";

// Issue 29 "Job types for every table an investigator can see": transfers (address, entity, custom
// entity), counterparties, category transfers, category addresses and risk indicators. Each file holds exactly the
// rows and columns its table's own read call answers (the SDK's row functions over the wire rows),
// the direct download and the job write the same bytes for the same rows, every cell is
// neutralised, and each table is scoped as its read call is. Both stores.

type Row = Readonly<Record<string, CsvCell>>;

/** A file's bytes as the export writes them: header, each row, every line CRLF-terminated. */
function fileOf(jobType: ExportJobType, rows: readonly Row[]): string {
  return `${exportCsvText(jobType, rows, { header: true })}\r\n`;
}

async function jobText(client: SleuthClient, request: ExportRequest): Promise<string> {
  const job = await client.asyncJobs.create(request);
  const done = await waitForJob(client, job.asyncJobUuid);
  expect(done.status, `${request.jobType}: ${done.error}`).toBe("succeeded");
  return (await downloadJobFile(client, job.asyncJobUuid)).text;
}

async function listing<R>(rows: AsyncIterable<R>): Promise<R[]> {
  const all: R[] = [];
  for await (const row of rows) all.push(row);
  return all;
}

// Cells a spreadsheet would run, one per trigger the store can hold (PostgreSQL text holds no NUL:
// a NUL cell cannot come from the store, and the one writer's unit test covers it, csv.test.ts).
const triggers = ["=", "+", "-", "@", "\t", "\r", "\n"];

describe.each(storeKinds)("every table's file on %s (issue 29)", (kind) => {
  let server: TestServer;
  let demo: SleuthClient;
  let address: string;
  let entity: string;
  let custom: string;
  let categoryTransfers: { valueType: FlowValueType; urn: string; categoryId: number };
  let categoryAddresses: { valueType: FlowValueType; urn: string; categoryId: number };

  beforeAll(async () => {
    server = await startTestServer({ store: kind, world: "small" });
    demo = server.client({
      token: await server.tokenFor(server.demo.user.email),
      organizationUuid: server.demo.organization.uuid,
    });
    const [busy] = await server.store.query<{ chain: ChainId; address: string }>(
      `SELECT a.chain, a.address FROM transfers t JOIN addresses a ON a.id = t.address_id
       GROUP BY a.chain, a.address HAVING count(*) BETWEEN 120 AND 400 ORDER BY count(*) DESC, a.address LIMIT 1`,
    );
    const [owner] = await server.store.query<{ slug: string }>(
      `SELECT e.slug FROM transfers t JOIN entities e ON e.id = t.entity_id
       GROUP BY e.slug HAVING count(*) BETWEEN 120 AND 2000 AND count(t.counterparty_entity_id) > 0
       ORDER BY count(*), e.slug LIMIT 1`,
    );
    const [tagged] = await server.store.query<{ chain: ChainId; address: string; category_id: number }>(
      `SELECT a.chain, a.address, x.category_id FROM transfers t JOIN addresses a ON a.id = t.address_id
       JOIN address_categories x ON x.address_id = t.counterparty_id
       GROUP BY a.chain, a.address, x.category_id HAVING count(*) BETWEEN 20 AND 300
       ORDER BY count(*) DESC, a.address LIMIT 1`,
    );
    const [owned] = await server.store.query<{ slug: string; category_id: number }>(
      `SELECT e.slug, x.category_id FROM addresses a JOIN entities e ON e.id = a.entity_id
       JOIN address_categories x ON x.address_id = a.id
       GROUP BY e.slug, x.category_id HAVING count(*) >= 2 ORDER BY count(*) DESC, e.slug LIMIT 1`,
    );
    if (!busy || !owner || !tagged || !owned) throw new Error("the small world lacks a subject for a table");
    address = addressChainUrn(busy.chain, busy.address);
    entity = entityUrn(owner.slug);
    const created = await demo.customEntities.create({
      name: "Export agreement",
      resources: [{ resourceUrn: address }, { resourceUrn: entity }],
    });
    custom = customEntityUrn(created.uuid);
    categoryTransfers = {
      valueType: "address",
      urn: addressChainUrn(tagged.chain, tagged.address),
      categoryId: tagged.category_id,
    };
    categoryAddresses = { valueType: "entity", urn: entityUrn(owned.slug), categoryId: owned.category_id };
  }, 600_000);
  afterAll(async () => {
    await server?.close();
  });

  test("001 §3 a transfer file is the table's rows: transferCsvRow of the listing's rows, for each subject", async () => {
    const cases: {
      jobType: ExportJobType;
      field: string;
      urn: string;
      rows: () => AsyncIterable<unknown>;
    }[] = [
      {
        jobType: "ADDRESS_TRANSFERS_CSV",
        field: "addressChainUrn",
        urn: address,
        rows: () =>
          demo.transfers.iterateAddress({ addressChainUrn: address, pageSize: 100 }, { limit: 300 }),
      },
      {
        jobType: "ENTITY_TRANSFERS_CSV",
        field: "entityUrn",
        urn: entity,
        rows: () => demo.transfers.iterateEntity({ entityUrn: entity, pageSize: 100 }, { limit: 300 }),
      },
      {
        jobType: "CUSTOM_ENTITY_TRANSFERS_CSV",
        field: "customEntityUrn",
        urn: custom,
        rows: () =>
          demo.transfers.iterateCustomEntity({ customEntityUrn: custom, pageSize: 100 }, { limit: 300 }),
      },
    ];
    for (const { jobType, field, urn, rows } of cases) {
      const wire = (await listing(rows())) as (TransferRow | EntityTransferRow)[];
      expect(wire.length, jobType).toBeGreaterThan(100);
      const expected = wire.map(transferCsvRow);
      expect(await jobText(demo, { jobType, parameters: { [field]: urn, limit: wire.length } })).toBe(
        fileOf(jobType, expected),
      );
      const direct = await demo.asyncJobs.direct({
        jobType,
        parameters: { [field]: urn, offset: 7, limit: 60 },
      });
      expect(direct.csv, jobType).toBe(fileOf(jobType, expected.slice(7, 67)));
      // An entity table shows no running balance (001 §2), and names each row's own address.
      const cells = Papa.parse<Record<string, string>>(direct.csv, {
        header: true,
        skipEmptyLines: true,
      }).data;
      if (jobType === "ADDRESS_TRANSFERS_CSV")
        expect(cells.every((row) => row.addressChainUrn === "")).toBe(true);
      else
        expect(cells.every((row) => row.runningBalanceRaw === "" && row.addressChainUrn !== "")).toBe(true);
    }
    // The table's filters narrow the file as they narrow the table.
    const outgoing = await listing(
      demo.transfers.iterateAddress(
        { addressChainUrn: address, pageSize: 100, filters: { direction: "outgoing" } },
        { limit: 300 },
      ),
    );
    expect(outgoing.length).toBeGreaterThan(0);
    expect(
      await jobText(demo, {
        jobType: "ADDRESS_TRANSFERS_CSV",
        parameters: { addressChainUrn: address, filters: { direction: "outgoing" }, limit: outgoing.length },
      }),
    ).toBe(fileOf("ADDRESS_TRANSFERS_CSV", outgoing.map(transferCsvRow)));
  });

  test("002 §7 counterparty files are the pane's rows, per subject, under its filters; direct and job agree", async () => {
    const subjects: [FlowValueType, ExportJobType, string][] = [
      ["address", "ADDRESS_COUNTERPARTIES_CSV", address],
      ["entity", "ENTITY_COUNTERPARTIES_CSV", entity],
      ["custom-entity", "CUSTOM_ENTITY_COUNTERPARTIES_CSV", custom],
    ];
    for (const [valueType, jobType, urn] of subjects) {
      for (const filters of [{}, { includeNamedEntitiesOnly: true }, { riskScoreLevel: 2 }]) {
        const page = await demo.flows.counterpartySummary(valueType, {
          ...subjectFieldsFor(valueType, urn),
          ...filters,
          limit: 100,
          offset: 0,
        });
        const parameters = { ...subjectFieldsFor(valueType, urn), ...filters, limit: 100 };
        if (page.rows.length === 0) {
          await expect(demo.asyncJobs.direct({ jobType, parameters })).rejects.toMatchObject({ status: 400 });
          continue;
        }
        const expected = fileOf(jobType, page.rows.map(counterpartyCsvRow));
        expect(await demo.asyncJobs.count({ jobType, parameters })).toBe(page.rows.length);
        expect(
          (await demo.asyncJobs.direct({ jobType, parameters })).csv,
          `${jobType} ${JSON.stringify(filters)}`,
        ).toBe(expected);
        if (Object.keys(filters).length === 0)
          expect(await jobText(demo, { jobType, parameters })).toBe(expected);
      }
    }
  });

  test("001 §2 category transfers and category addresses files are the tables' rows; direct and job agree", async () => {
    const transfers = categoryTransfers;
    const transferRows = [];
    let after: string | undefined;
    do {
      const page = await demo.flows.categoryTransfers(transfers.valueType, {
        ...subjectFieldsFor(transfers.valueType, transfers.urn),
        counterpartyCategoryId: transfers.categoryId,
        pageSize: 100,
        ...(after ? { after } : {}),
      });
      transferRows.push(...page.rows);
      after = page.nextCursor ?? undefined;
    } while (after);
    expect(transferRows.length).toBeGreaterThan(0);
    const transferRequest = {
      jobType: "CATEGORY_TRANSFERS_CSV",
      parameters: {
        ...subjectFieldsFor(transfers.valueType, transfers.urn),
        counterpartyCategoryId: transfers.categoryId,
      },
    } as const;
    expect(await demo.asyncJobs.count(transferRequest)).toBe(transferRows.length);
    expect(
      await jobText(demo, { ...transferRequest, parameters: { ...transferRequest.parameters, offset: 3 } }),
    ).toBe(fileOf("CATEGORY_TRANSFERS_CSV", transferRows.slice(3).map(categoryTransferCsvRow)));
    const window = { ...transferRequest.parameters, offset: 1, limit: 15 };
    expect((await demo.asyncJobs.direct({ ...transferRequest, parameters: window })).csv).toBe(
      fileOf("CATEGORY_TRANSFERS_CSV", transferRows.slice(1, 16).map(categoryTransferCsvRow)),
    );

    const owned = categoryAddresses;
    const addressRows = [];
    for (let offset = 0; ; offset += 25) {
      const page = await demo.flows.ownershipAddresses(owned.valueType, {
        ...subjectFieldsFor(owned.valueType, owned.urn),
        ownershipCategoryId: owned.categoryId,
        offset,
      });
      addressRows.push(...page);
      if (page.length < 25) break;
    }
    expect(addressRows.length).toBeGreaterThan(1);
    const addressRequest = {
      jobType: "CATEGORY_ADDRESSES_CSV",
      parameters: { ...subjectFieldsFor(owned.valueType, owned.urn), ownershipCategoryId: owned.categoryId },
    } as const;
    const expected = fileOf("CATEGORY_ADDRESSES_CSV", addressRows.map(categoryAddressCsvRow));
    expect(await jobText(demo, addressRequest)).toBe(expected);
    if (addressRows.length <= 100) expect((await demo.asyncJobs.direct(addressRequest)).csv).toBe(expected);
    // Exactly one subject: a category table of two subjects is a 400, not a guess.
    await expect(
      demo.asyncJobs.count({
        jobType: "CATEGORY_ADDRESSES_CSV",
        parameters: { addressChainUrn: address, entityUrn: entity, ownershipCategoryId: owned.categoryId },
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  test("001 §3 a risk indicators file is the Risk pane's rows, riskiest first, under its filters; direct and job agree", async () => {
    const subjects = [
      ["address", address],
      ["entity", entity],
      [categoryAddresses.valueType, categoryAddresses.urn],
    ] as const;
    let levelled: { valueType: FlowValueType; urn: string; level: number } | undefined;
    for (const [valueType, urn] of subjects) {
      const rows = await demo.flows.riskIndicators(valueType, subjectFieldsFor(valueType, urn));
      expect(rows.length, urn).toBeGreaterThan(0);
      const request = {
        jobType: "RISK_INDICATORS_CSV",
        parameters: subjectFieldsFor(valueType, urn),
      } as const;
      const expected = fileOf("RISK_INDICATORS_CSV", rows.map(riskIndicatorCsvRow));
      expect(await jobText(demo, request)).toBe(expected);
      expect((await demo.asyncJobs.direct(request)).csv).toBe(expected);
      if (new Set(rows.map((row) => row.categoryRiskScoreLevel)).size > 1)
        levelled = { valueType, urn, level: rows[0]!.categoryRiskScoreLevel };
    }
    // 000 §5: the pane's header filters make the file's rows, as they make the pane's.
    expect(levelled).toBeDefined();
    const { valueType, urn, level } = levelled!;
    const filters = { categoryRiskScoreLevel: { operator: "neq", value: level } } as const;
    const filtered = await demo.flows.riskIndicators(valueType, {
      ...subjectFieldsFor(valueType, urn),
      filters,
    });
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((row) => row.categoryRiskScoreLevel !== level)).toBe(true);
    const request = {
      jobType: "RISK_INDICATORS_CSV",
      parameters: { ...subjectFieldsFor(valueType, urn), filters },
    } as const;
    expect(await demo.asyncJobs.count(request)).toBe(filtered.length);
    expect((await demo.asyncJobs.direct(request)).csv).toBe(
      fileOf("RISK_INDICATORS_CSV", filtered.map(riskIndicatorCsvRow)),
    );
  });

  test("001 §7 every export type writes =, +, -, @, tab, CR and LF cells neutralised", async () => {
    // Every name and label in the store starts with a trigger, a different one by row.
    const starts = `(ARRAY[${triggers.map((_, index) => `$${index + 1}`).join(", ")}])[1 + (id % ${triggers.length})]`;
    await server.store.query(`UPDATE entities SET name = ${starts} || 'cmd|' || slug`, triggers);
    await server.store.query(`UPDATE attribution_tags SET label = ${starts} || 'cmd|' || label`, triggers);
    await server.store.query(`UPDATE categories SET name = ${starts} || 'cmd|' || name`, triggers);
    await server.store.query(`UPDATE assets SET symbol = ${starts} || 'cmd|' || symbol`, triggers);
    // An entity whose counterparties include other entities, so its file names some.
    const [dealer] = await server.store.query<{ slug: string }>(
      `SELECT e.slug FROM addresses own JOIN entities e ON e.id = own.entity_id
       JOIN address_counterparties ac ON ac.address_id = own.id JOIN addresses ca ON ca.id = ac.counterparty_id
       WHERE ca.entity_id IS NOT NULL AND ca.entity_id <> own.entity_id
       GROUP BY e.slug ORDER BY count(*) DESC, e.slug LIMIT 1`,
    );
    const attributed = await server.store.query<{ chain: ChainId; address: string }>(
      "SELECT chain, address FROM addresses WHERE entity_id IS NOT NULL ORDER BY id LIMIT 20",
    );
    const subject = (valueType: FlowValueType, urn: string) => subjectFieldsFor(valueType, urn);
    const requests: ExportRequest[] = [
      { jobType: "ADDRESS_TRANSFERS_CSV", parameters: { addressChainUrn: address } },
      { jobType: "ENTITY_TRANSFERS_CSV", parameters: { entityUrn: entity, limit: 500 } },
      { jobType: "CUSTOM_ENTITY_TRANSFERS_CSV", parameters: { customEntityUrn: custom, limit: 500 } },
      { jobType: "SEARCH_RESULTS_CSV", parameters: { query: "cmd", attributionType: "entity" } },
      {
        jobType: "SCREENING_RESULTS_CSV",
        parameters: { addressChainUrns: attributed.map((row) => addressChainUrn(row.chain, row.address)) },
      },
      { jobType: "ADDRESS_COUNTERPARTIES_CSV", parameters: subject("address", address) },
      {
        jobType: "ENTITY_COUNTERPARTIES_CSV",
        parameters: { ...subject("entity", entityUrn(dealer?.slug ?? "")), includeNamedEntitiesOnly: true },
      },
      { jobType: "CUSTOM_ENTITY_COUNTERPARTIES_CSV", parameters: subject("custom-entity", custom) },
      {
        jobType: "CATEGORY_TRANSFERS_CSV",
        parameters: {
          ...subject(categoryTransfers.valueType, categoryTransfers.urn),
          counterpartyCategoryId: categoryTransfers.categoryId,
        },
      },
      {
        jobType: "CATEGORY_ADDRESSES_CSV",
        parameters: {
          ...subject(categoryAddresses.valueType, categoryAddresses.urn),
          ownershipCategoryId: categoryAddresses.categoryId,
        },
      },
      { jobType: "RISK_INDICATORS_CSV", parameters: subject("address", address) },
    ];
    const seen = new Set<string>();
    for (const request of requests) {
      const text = await jobText(demo, request);
      const cells = Papa.parse<string[]>(text, { skipEmptyLines: true }).data.slice(1).flat();
      for (const cell of cells)
        expect(startsFormula(cell), `${request.jobType}: ${JSON.stringify(cell)}`).toBe(false);
      const neutralised = cells.filter((cell) => /^'[=+\-@\t\r\n]cmd\|/.test(cell));
      expect(neutralised.length, request.jobType).toBeGreaterThan(0);
      for (const cell of neutralised) seen.add(cell.charAt(1));
    }
    expect([...seen].sort()).toEqual([...triggers].sort());
  });

  test("001 §7 the new tables are scoped: another organization's custom entity is 404, a viewer exports, a stranger cannot", async () => {
    const other = await server.createUser();
    const otherOrganization = await server.createOrganization();
    await server.addMember(other.email, otherOrganization.uuid, "viewer");
    const otherClient = server.client({
      token: await server.tokenFor(other.email),
      organizationUuid: otherOrganization.uuid,
    });
    const ofCustom: ExportRequest[] = [
      { jobType: "CUSTOM_ENTITY_COUNTERPARTIES_CSV", parameters: { customEntityUrn: custom } },
      {
        jobType: "CATEGORY_TRANSFERS_CSV",
        parameters: { customEntityUrn: custom, counterpartyCategoryId: categoryTransfers.categoryId },
      },
      {
        jobType: "CATEGORY_ADDRESSES_CSV",
        parameters: { customEntityUrn: custom, ownershipCategoryId: categoryAddresses.categoryId },
      },
      { jobType: "RISK_INDICATORS_CSV", parameters: { customEntityUrn: custom } },
    ];
    for (const request of ofCustom) {
      await expect(otherClient.asyncJobs.create(request), request.jobType).rejects.toMatchObject({
        status: 404,
      });
      await expect(otherClient.asyncJobs.direct(request), request.jobType).rejects.toMatchObject({
        status: 404,
      });
      await expect(otherClient.asyncJobs.count(request), request.jobType).rejects.toMatchObject({
        status: 404,
      });
    }
    // Public subjects: both organizations export at once; each lists only its own job.
    const request = {
      jobType: "ADDRESS_COUNTERPARTIES_CSV",
      parameters: { addressChainUrn: address },
    } as const;
    const [mine, theirs] = await Promise.all([
      demo.asyncJobs.create(request),
      otherClient.asyncJobs.create(request),
    ]);
    await Promise.all([waitForJob(demo, mine.asyncJobUuid), waitForJob(otherClient, theirs.asyncJobUuid)]);
    expect((await otherClient.asyncJobs.list()).jobs.map((job) => job.asyncJobUuid)).toEqual([
      theirs.asyncJobUuid,
    ]);
    await expect(otherClient.asyncJobs.downloadUrl(mine.asyncJobUuid)).rejects.toMatchObject({ status: 404 });
    expect((await downloadJobFile(otherClient, theirs.asyncJobUuid)).text).toBe(
      (await downloadJobFile(demo, mine.asyncJobUuid)).text,
    );
    // A viewer of the demo organization reads these tables, so exports them; a stranger has no organization.
    const viewer = await server.createUser();
    await server.addMember(viewer.email, server.demo.organization.uuid, "viewer");
    const viewerClient = server.client({
      token: await server.tokenFor(viewer.email),
      organizationUuid: server.demo.organization.uuid,
    });
    const categoryRequest = {
      jobType: "CATEGORY_TRANSFERS_CSV",
      parameters: {
        ...subjectFieldsFor(categoryTransfers.valueType, categoryTransfers.urn),
        counterpartyCategoryId: categoryTransfers.categoryId,
      },
    } as const;
    expect(await jobText(viewerClient, categoryRequest)).toBe(await jobText(demo, categoryRequest));
    const stranger = server.client({ token: await server.tokenFor((await server.createUser()).email) });
    await expect(stranger.asyncJobs.create(categoryRequest)).rejects.toMatchObject({ status: 404 });
  });
});
