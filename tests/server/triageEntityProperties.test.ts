import { isApiError, type SleuthClient, triageMessages, triagePropertyCards } from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

// 002 §3 / §4 property cards over HTTP: an entity's property groups and the law-enforcement contact
// suggest-update form's call.
describe.each(storeKinds)("002 §3 triage entity properties on %s", (kind) => {
  let server: TestServer;
  let client: SleuthClient;
  let vasp: { urn: string; name: string; kyc_level: number };

  beforeAll(async () => {
    server = await startTestServer({ store: kind, world: "small" });
    const token = await server.tokenFor(server.demo.user.email);
    client = server.client({ token, organizationUuid: server.demo.organization.uuid });
    [vasp] = (await server.store.query(
      `SELECT urn, name, kyc_level FROM entities
        WHERE law_enforcement_contact IS NOT NULL AND kyc_level IS NOT NULL ORDER BY id LIMIT 1`,
    )) as [typeof vasp];
  });
  afterAll(async () => {
    await server?.close();
  });

  test("002 §3 a VASP's cards: its law-enforcement contact, its KYC level, never the beacon contact", async () => {
    const groups = await client.triage.entityProperties(vasp.urn);
    const cards = triagePropertyCards(groups);
    const contact = cards.find((card) => card.kind === "lawEnforcementContact");
    expect(contact?.group.properties.map((property) => property.internal_name)).toContain("email");
    const kyc = cards.find((card) => card.kind === "kyc");
    expect(kyc?.kind === "kyc" && kyc.level?.level).toBe(vasp.kyc_level);
    expect(cards.some((card) => card.group.internalName === "v2_beacon_network_contact")).toBe(false);
  });

  test("002 §5 a suggestion needs comments; a sent one is stored and dated", async () => {
    const empty = await client.triage
      .suggestLawEnforcementContact({ comments: "  ", entityUrn: vasp.urn })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isApiError(empty) && empty.status).toBe(400);
    expect(JSON.stringify(isApiError(empty) && empty.details)).toContain(
      triageMessages.lawEnforcementCommentsRequired,
    );
    const saved = await client.triage.suggestLawEnforcementContact({
      comments: "The e-mail bounces; their portal lists le@example.org now.",
      entityUrn: vasp.urn,
    });
    expect(Date.parse(saved.suggestedAt)).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await server.store.query<{ comments: string }>(
      "SELECT comments FROM law_enforcement_suggestions WHERE entity_urn = $1",
      [vasp.urn],
    );
    expect(row?.comments).toContain("le@example.org");
  });

  test("002 §3 an unknown entity is 404, a malformed urn 400", async () => {
    const status = (call: Promise<unknown>) =>
      call.then(
        () => 200,
        (error: unknown) => (isApiError(error) ? error.status : 0),
      );
    expect(await status(client.triage.entityProperties("urn:sleuth:entity:no-such-party"))).toBe(404);
    expect(await status(client.triage.entityProperties("not-a-urn"))).toBe(400);
  });
});
