import { addressChainUrn } from "@sleuth/sdk";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { memberCalls } from "../helpers/memberCalls.ts";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

// Issue "Act on findings": flags, interests, reveals, cases, escalations and user reports over HTTP
// on both stores. For each: another organization's object answers 404, a viewer's write 403, a
// repeated POST with one Idempotency-Key creates one record, and generated bad bodies answer 400.

const flagged = addressChainUrn("bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa");
const other = addressChainUrn("ethereum", "0x00000000219ab540356cbb839cbe05303d7705fa");

const flagBody = {
  trmResourceUrn: flagged,
  categoryId: "RANSOMWARE",
  evidenceDescription: "Activity summary:\nReceived ransom payments from victims",
  contactEmail: "agent@fbi.example.gov",
};
const interestBody = (urns: string[], visibilityLevel = "ORG", privacyOption = "OPEN") => ({
  visibilityLevel,
  privacyOption,
  note: "On it",
  trmResourceUrns: urns,
  isRevealNotificationEnabled: true,
  networkUuids: [],
  verticals: [],
  countryIsoCodes: [],
});

describe.each(storeKinds)("acting on findings on %s", (kind) => {
  let server: TestServer;
  let dana: string; // admin of Demo Investigations, viewer of Partner Agency
  let alex: string; // editor of Partner Agency only
  let colleague: { uuid: string; token: string };
  let vaspWithBeacon: string;
  let vaspWithout: string;

  const call = memberCalls(() => server);
  const asViewer = (path: string, body: unknown) =>
    call(dana, "POST", path, { body, organization: server.demo.partner.uuid });

  // 000 §7: one valid body of each user-report kind (docs/API.md "User reports" for the ones the
  // specification does not give).
  const reportBodies = (): Record<string, Record<string, unknown>> => ({
    "attribution-report": { trmResourceUrn: flagged, details: "This is not an exchange" },
    "attribution-request": { trmResourceUrn: flagged },
    "chainabuse-pro-request": { details: "For our fraud team" },
    "data-refresh": { trmResourceUrn: flagged },
    "demix-request": { trmResourceUrn: flagged },
    "le-contact-update-request": { entityUrn: vaspWithBeacon, email: "le@vasp.example" },
    "notify-vasp-request": {
      entityUrn: vaspWithBeacon,
      requestedDateTime: new Date().toISOString(),
      caseNumber: "BEACON-12345",
    },
    "status-report": { query: "bc1qunknown" },
    "tag-report": {
      address: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
      category: "Exchange",
      categoryId: 8,
      chain: "bitcoin",
      entity: "Example",
      entityUrn: vaspWithBeacon,
    },
  });

  beforeAll(async () => {
    server = await startTestServer({ store: kind, world: "small" });
    dana = await server.tokenFor(server.demo.user.email);
    alex = await server.tokenFor(server.demo.analyst.email);
    const user = await server.createUser({ fullName: "Casey Colleague" });
    await server.addMember(user.email, server.demo.organization.uuid, "editor");
    colleague = { uuid: user.uuid, token: await server.tokenFor(user.email) };
    const [withBeacon] = await server.store.query<{ urn: string }>(
      "SELECT urn FROM entities WHERE category_id IN (8, 13) AND v2_beacon_network_contact IS NOT NULL ORDER BY id LIMIT 1",
    );
    const [without] = await server.store.query<{ urn: string }>(
      "SELECT urn FROM entities WHERE category_id IN (8, 13) AND v2_beacon_network_contact IS NULL ORDER BY id LIMIT 1",
    );
    vaspWithBeacon = withBeacon!.urn;
    vaspWithout = without!.urn;
  });
  afterAll(async () => {
    await server?.close();
  });

  test("001 §7 flags: created by an editor, listed on the element for its organization, removed by its author", async () => {
    const created = await call(dana, "POST", "/v1/user-attributions", { body: flagBody });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      trmResourceUrn: flagged,
      categoryLabel: "Ransomware",
      shouldPropagate: false,
      isOwnOrganization: true,
      createdBy: { email: server.demo.user.email },
    });
    const listed = await call(
      colleague.token,
      "GET",
      `/v1/users/user-attributions?trmResourceUrn=${encodeURIComponent(flagged)}`,
    );
    expect(listed.body.data.map((flag: { uuid: string }) => flag.uuid)).toContain(created.body.data.uuid);
    // Another organization neither sees an unpropagated flag nor can remove it.
    const foreign = await call(
      alex,
      "GET",
      `/v1/users/user-attributions?trmResourceUrn=${encodeURIComponent(flagged)}`,
    );
    expect(foreign.body.data).toEqual([]);
    expect((await call(alex, "DELETE", `/v1/user-attributions/${created.body.data.uuid}`)).status).toBe(404);
    expect((await asViewer("/v1/user-attributions", flagBody)).status).toBe(403);
    // Another editor of the organization is not its author.
    expect(
      (await call(colleague.token, "DELETE", `/v1/user-attributions/${created.body.data.uuid}`)).status,
    ).toBe(403);
    expect((await call(dana, "DELETE", `/v1/user-attributions/${created.body.data.uuid}`)).status).toBe(204);
  });

  test("001 §3 a propagated flag shows its category to other organizations, never its evidence or contact", async () => {
    await call(dana, "POST", "/v1/user-attributions", {
      body: { ...flagBody, trmResourceUrn: other, shouldPropagate: true },
    });
    const foreign = await call(
      alex,
      "GET",
      `/v1/users/user-attributions?trmResourceUrn=${encodeURIComponent(other)}`,
    );
    expect(foreign.body.data).toHaveLength(1);
    expect(foreign.body.data[0]).toMatchObject({
      categoryLabel: "Ransomware",
      evidenceDescription: "",
      contactEmail: "",
      createdBy: null,
      isOwnOrganization: false,
    });
  });

  test("001 §5 the server applies the flag rules: OTHER needs its name, e-mails must be valid", async () => {
    const other = await call(dana, "POST", "/v1/user-attributions", {
      body: { ...flagBody, categoryId: "OTHER" },
    });
    expect(other.status).toBe(400);
    expect(other.body.error.details[0].path).toEqual(["userProvidedCategory"]);
    const email = await call(dana, "POST", "/v1/user-attributions", {
      body: { ...flagBody, contactEmail: "a@x.org, nope" },
    });
    expect(email.status).toBe(400);
  });

  test("000 §7 cases: list with filters, create, rename, share, attach, delete; scoped to the organization", async () => {
    const created = await call(dana, "POST", "/cases", {
      body: { name: "Follow the ransom", isSharedWithOrg: false },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    expect(created.body.data.case).toMatchObject({ name: "Follow the ransom", isSharedWithOrg: false });
    // A private case is its owner's: a colleague does not see it until it is shared.
    expect((await call(colleague.token, "GET", `/cases/${id}`)).status).toBe(404);
    const renamed = await call(dana, "PATCH", `/cases/${id}`, {
      body: { name: "Ransom trail", isSharedWithOrg: true },
    });
    expect(renamed.body.data).toMatchObject({ name: "Ransom trail", isSharedWithOrg: true });
    expect((await call(colleague.token, "GET", `/cases/${id}`)).status).toBe(200);
    const attached = await call(dana, "POST", `/cases/${id}/relatables`, { body: { resourceUrn: flagged } });
    expect(attached.body.data.relatables.map((item: { resourceUrn: string }) => item.resourceUrn)).toEqual([
      flagged,
    ]);
    const noted = await call(dana, "POST", `/cases/${id}/notes`, {
      body: { text: "Peel chain starts here" },
    });
    expect(noted.body.data.notes[0]).toMatchObject({ text: "Peel chain starts here" });
    const shared = await call(dana, "GET", "/cases/?isSharedWithOrg=true&includeCaseRelatables=true");
    expect(shared.body.meta.limit).toBe(1000);
    expect(shared.body.data.every((item: { isSharedWithOrg: boolean }) => item.isSharedWithOrg)).toBe(true);
    expect(shared.body.data.find((item: { id: string }) => item.id === id).relatables).toHaveLength(1);
    // Another organization: 404 on read, write and delete; a viewer: 403.
    expect((await call(alex, "GET", `/cases/${id}`)).status).toBe(404);
    expect((await call(alex, "PATCH", `/cases/${id}`, { body: { name: "Mine now" } })).status).toBe(404);
    expect((await call(alex, "DELETE", `/cases/${id}`)).status).toBe(404);
    expect((await asViewer("/cases", { name: "Viewer case", isSharedWithOrg: false })).status).toBe(403);
    // Only the owner (or an admin) deletes a case.
    expect((await call(colleague.token, "DELETE", `/cases/${id}`)).status).toBe(403);
    expect((await call(dana, "DELETE", `/cases/${id}`)).status).toBe(204);
    expect((await call(dana, "GET", `/cases/${id}`)).status).toBe(404);
  });

  test("002 §5 escalation reaches the assignee's inbox; only shared cases and organization members", async () => {
    const privateCase = await call(dana, "POST", "/cases", {
      body: { name: "Private", isSharedWithOrg: false },
    });
    const sharedCase = await call(dana, "POST", "/cases", {
      body: { name: "Shared", isSharedWithOrg: true },
    });
    const escalate = (caseId: string, assignToUserUuids: string[]) => ({
      assignToUserUuids,
      alias: "Ransom wallet",
      caseId,
      customNote: "Please look today",
      trmUrn: flagged,
    });
    const notShared = await call(dana, "POST", "/triage/v1/trm-entity/escalate", {
      body: escalate(privateCase.body.data.id, [colleague.uuid]),
    });
    expect(notShared.status).toBe(400);
    const outsider = await call(dana, "POST", "/triage/v1/trm-entity/escalate", {
      body: escalate(sharedCase.body.data.id, [colleague.uuid, server.demo.analyst.uuid]),
    });
    expect(outsider.status).toBe(400);
    expect(outsider.body.error.details.notMembers).toEqual([server.demo.analyst.uuid]);

    const before = await call(colleague.token, "GET", "/v1/users/escalations");
    const done = await call(dana, "POST", "/triage/v1/trm-entity/escalate", {
      body: escalate(sharedCase.body.data.id, [colleague.uuid]),
    });
    expect(done.status).toBe(201);
    const inbox = await call(colleague.token, "GET", "/v1/users/escalations");
    expect(inbox.body.meta.unreadCount).toBe(before.body.meta.unreadCount + 1);
    expect(inbox.body.data[0]).toMatchObject({ uuid: done.body.data.uuid, caseName: "Shared", readAt: null });
    const read = await call(colleague.token, "POST", `/v1/users/escalations/${done.body.data.uuid}/read`);
    expect(read.status).toBe(204);
    expect((await call(colleague.token, "GET", "/v1/users/escalations")).body.meta.unreadCount).toBe(
      before.body.meta.unreadCount,
    );
    // The element joined the case.
    const sharedNow = await call(dana, "GET", `/cases/${sharedCase.body.data.id}`);
    expect(sharedNow.body.data.relatables.map((item: { resourceUrn: string }) => item.resourceUrn)).toContain(
      flagged,
    );
    expect((await call(alex, "GET", `/v1/escalations/${done.body.data.uuid}`)).status).toBe(404);
    expect(
      (await asViewer("/triage/v1/trm-entity/escalate", escalate(sharedCase.body.data.id, [colleague.uuid])))
        .status,
    ).toBe(403);
  });

  test("001 §4 interests: masked for others until revealed, visible per level, deleted by the author only", async () => {
    const element = addressChainUrn("bitcoin", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2");
    const orgOnly = await call(dana, "POST", "/v1/trm-resources/investigation-interests/bulk", {
      body: interestBody([element]),
    });
    expect(orgOnly.status).toBe(201);
    const path = `/v1/trm-resources/${encodeURIComponent(element)}/investigation-interests`;
    expect((await call(alex, "GET", path)).body.data).toEqual([]);
    expect((await call(alex, "DELETE", `${path}/${orgOnly.body.data[0].uuid}`)).status).toBe(404);
    expect(
      (
        await call(
          alex,
          "POST",
          `/v1/trm-resources/interests/${orgOnly.body.data[0].uuid}/interested-investigator-reveals`,
        )
      ).status,
    ).toBe(404);
    // A colleague sees it masked; the author sees everything.
    const masked = (await call(colleague.token, "GET", path)).body.data[0];
    expect(masked).toMatchObject({
      contactEmail: null,
      user: { email: null },
      isRevealed: false,
      note: null,
    });
    const own = (await call(dana, "GET", path)).body.data[0];
    expect(own).toMatchObject({ contactEmail: server.demo.user.email, note: "On it" });

    const publicElement = addressChainUrn("bitcoin", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy");
    const open = await call(dana, "POST", "/v1/trm-resources/investigation-interests/bulk", {
      body: interestBody([publicElement], "PUBLIC", "OPEN"),
    });
    const uuid = open.body.data[0].uuid;
    expect(
      (
        await call(dana, "POST", `/v1/trm-resources/interests/${uuid}/interested-investigator-reveals`, {
          organization: server.demo.partner.uuid,
        })
      ).status,
    ).toBe(403);
    const key = crypto.randomUUID();
    const revealPath = `/v1/trm-resources/interests/${uuid}/interested-investigator-reveals`;
    const revealed = await call(alex, "POST", revealPath, { key });
    expect(revealed.status).toBe(201);
    expect(revealed.body.data).toMatchObject({ isRevealed: true, contactEmail: server.demo.user.email });
    expect((await call(alex, "POST", revealPath, { key })).body.data).toEqual(revealed.body.data);
    const [reveals] = await server.store.query<{ count: string | number }>(
      "SELECT count(*) AS count FROM interest_reveals r JOIN investigation_interests i ON i.id = r.interest_id WHERE i.uuid = $1",
      [uuid],
    );
    expect(Number(reveals?.count)).toBe(1);

    const privateElement = addressChainUrn("bitcoin", "1dice8EMZmqKvrGE4Qc9bUFf9PX3xaYDp");
    const closed = await call(dana, "POST", "/v1/trm-resources/investigation-interests/bulk", {
      body: interestBody([privateElement], "PUBLIC", "PRIVATE"),
    });
    const asked = await call(
      alex,
      "POST",
      `/v1/trm-resources/interests/${closed.body.data[0].uuid}/interested-investigator-reveals`,
    );
    expect(asked.body.data).toMatchObject({ isRevealed: true, contactEmail: null });

    expect(
      (
        await call(
          alex,
          "DELETE",
          `/v1/trm-resources/${encodeURIComponent(publicElement)}/investigation-interests/${uuid}`,
        )
      ).status,
    ).toBe(403);
    expect(
      (await asViewer("/v1/trm-resources/investigation-interests/bulk", interestBody([element]))).status,
    ).toBe(403);
    expect(
      (
        await call(
          dana,
          "DELETE",
          `/v1/trm-resources/${encodeURIComponent(publicElement)}/investigation-interests/${uuid}`,
        )
      ).status,
    ).toBe(204);
    expect((await call(dana, "GET", "/v1/users/investigation-interests/elements")).body.data).toContain(
      element,
    );
  });

  test("001 §5 interest rules on the server: a custom audience needs a country, network visibility a network of one's own", async () => {
    const element = addressChainUrn("bitcoin", "1BoatSLRHtKNngkdXEeobR76b53LETtpyT");
    const custom = await call(dana, "POST", "/v1/trm-resources/investigation-interests/bulk", {
      body: interestBody([element], "CUSTOM"),
    });
    expect(custom.body.error.details[0].message).toBe("Please select at least one country.");
    const sanctioned = await call(dana, "POST", "/v1/trm-resources/investigation-interests/bulk", {
      body: { ...interestBody([element], "CUSTOM"), countryIsoCodes: ["KP"] },
    });
    expect(sanctioned.status).toBe(400);
    const network = await call(dana, "POST", "/v1/trm-resources/investigation-interests/bulk", {
      body: interestBody([element], "NETWORK"),
    });
    expect(network.body.error.details[0].message).toBe("select at least one network");
    const foreign = await call(dana, "POST", "/v1/trm-resources/investigation-interests/bulk", {
      body: { ...interestBody([element], "NETWORK"), networkUuids: [crypto.randomUUID()] },
    });
    expect(foreign.status).toBe(400);
    const networks = await call(dana, "GET", `/v1/organizations/${server.demo.organization.uuid}/networks`);
    expect(networks.status).toBe(200);
    expect(
      (await call(alex, "GET", `/v1/organizations/${server.demo.organization.uuid}/networks`)).status,
    ).toBe(404);
  });

  test("000 §7 user reports: every kind is stored and listed for the organization's admins only", async () => {
    const bodies = reportBodies();
    for (const [reportKind, body] of Object.entries(bodies)) {
      const sent = await call(dana, "POST", `/user-report/${reportKind}`, { body });
      expect(sent.status, reportKind).toBe(201);
    }
    const listed = await call(dana, "GET", "/user-report?limit=50");
    expect(new Set(listed.body.data.map((report: { kind: string }) => report.kind))).toEqual(
      new Set(Object.keys(bodies)),
    );
    expect((await call(colleague.token, "GET", "/user-report")).status).toBe(403);
    expect((await asViewer("/user-report/attribution-report", bodies["attribution-report"])).status).toBe(
      403,
    );
    // Another organization's admin never lists them.
    const outsider = await server.createUser();
    const organization = await server.createOrganization();
    await server.addMember(outsider.email, organization.uuid, "admin");
    const theirs = await call(await server.tokenFor(outsider.email), "GET", "/user-report");
    expect(theirs.body.data).toEqual([]);
  });

  test("000 §4 notify a VASP: a case number needs a beacon contact; without one the VASP is invited", async () => {
    const vasp = await call(dana, "GET", `/v1/beacon/vasp?entityUrn=${encodeURIComponent(vaspWithout)}`);
    expect(vasp.body.data).toMatchObject({ hasBeaconContact: false });
    const notified = await call(dana, "POST", "/user-report/notify-vasp-request", {
      body: {
        entityUrn: vaspWithout,
        requestedDateTime: new Date().toISOString(),
        caseNumber: "BEACON-54321",
      },
    });
    expect(notified.status).toBe(400);
    const invited = await call(dana, "POST", "/user-report/notify-vasp-request", {
      body: { entityUrn: vaspWithout, requestedDateTime: new Date().toISOString() },
    });
    expect(invited.status).toBe(201);
    const badNumber = await call(dana, "POST", "/user-report/notify-vasp-request", {
      body: {
        entityUrn: vaspWithBeacon,
        requestedDateTime: new Date().toISOString(),
        caseNumber: "BEACON-9999",
      },
    });
    expect(badNumber.status).toBe(400);
  });

  test("docs/API.md every write on another organization's case, interest or flag is 404, and a viewer's 403", async () => {
    const theCase = await call(dana, "POST", "/cases", { body: { name: "Ours", isSharedWithOrg: true } });
    const caseId = theCase.body.data.id as string;
    const element = addressChainUrn("bitcoin", "1Q2TWHE3GMdB6BZKafqwxXtWAWgFt5Jvm3");
    const interest = await call(dana, "POST", "/v1/trm-resources/investigation-interests/bulk", {
      body: interestBody([element]),
    });
    const { trmResourceUrns: _, ...update } = interestBody([element]);
    const interestPath = `/v1/trm-resources/${encodeURIComponent(element)}/investigation-interests/${interest.body.data[0].uuid}`;
    const flag = await call(dana, "POST", "/v1/user-attributions", {
      body: { ...flagBody, trmResourceUrn: element },
    });
    const escalation = {
      assignToUserUuids: [server.demo.analyst.uuid],
      alias: "",
      caseId,
      customNote: "",
      trmUrn: element,
    };
    const writes: Array<[string, string, unknown]> = [
      ["POST", `/cases/${caseId}/notes`, { text: "Not yours" }],
      ["POST", `/cases/${caseId}/relatables`, { resourceUrn: element }],
      ["DELETE", `/cases/${caseId}/relatables?resourceUrn=${encodeURIComponent(element)}`, undefined],
      ["PUT", interestPath, update],
      ["DELETE", `/v1/user-attributions/${flag.body.data.uuid}`, undefined],
      ["POST", "/triage/v1/trm-entity/escalate", escalation],
    ];
    for (const [method, path, body] of writes) {
      // Alex is an editor of Partner Agency: Demo's objects do not exist for him.
      expect((await call(alex, method, path, { body })).status, `${method} ${path}`).toBe(404);
      // Dana is a viewer of Partner Agency: any write there is refused before anything is looked up.
      const asViewerThere = await call(dana, method, path, { body, organization: server.demo.partner.uuid });
      expect(asViewerThere.status, `${method} ${path}`).toBe(403);
    }
    // Nothing changed.
    const after = await call(dana, "GET", `/cases/${caseId}`);
    expect(after.body.data).toMatchObject({ relatables: [], notes: [] });
    expect((await call(dana, "GET", interestPath.replace(/\/[^/]+$/, ""))).body.data[0].note).toBe("On it");
  });

  test("docs/API.md Idempotency: a repeated POST with one key creates one flag, interest, case, escalation and report", async () => {
    const shared = await call(dana, "POST", "/cases", {
      body: { name: "Idempotent", isSharedWithOrg: true },
    });
    const posts: Array<[string, unknown, string]> = [
      [
        "/v1/user-attributions",
        { ...flagBody, trmResourceUrn: addressChainUrn("bitcoin", "1FeexV6bAHb8ybZjqQMjJrcCrHGW9sb6uF") },
        "user_attributions",
      ],
      [
        "/v1/trm-resources/investigation-interests/bulk",
        interestBody([addressChainUrn("bitcoin", "1HLoD9E4SDFFPDiYfNYnkBLQ85Y51J3Zb1")]),
        "investigation_interests",
      ],
      ["/cases", { name: "Once only", isSharedWithOrg: false }, "cases"],
      [
        "/triage/v1/trm-entity/escalate",
        {
          assignToUserUuids: [colleague.uuid],
          alias: "",
          caseId: shared.body.data.id,
          customNote: "",
          trmUrn: flagged,
        },
        "escalations",
      ],
      ["/user-report/data-refresh", { trmResourceUrn: other }, "user_reports"],
    ];
    for (const [path, body, table] of posts) {
      const count = async () =>
        Number(
          (await server.store.query<{ count: string | number }>(`SELECT count(*) AS count FROM ${table}`))[0]
            ?.count,
        );
      const before = await count();
      const key = crypto.randomUUID();
      const first = await call(dana, "POST", path, { body, key });
      const again = await call(dana, "POST", path, { body, key });
      expect(first.status, path).toBe(201);
      expect(again.body, path).toEqual(first.body);
      expect(await count(), path).toBe(before + 1);
    }
  });

  test("docs/API.md bad input: generated bodies (wrong types, huge strings, unknown fields) answer 400, never 500", async () => {
    const shared = await call(dana, "POST", "/cases", { body: { name: "Fuzz", isSharedWithOrg: true } });
    const fuzzed = addressChainUrn("bitcoin", "1CounterpartyXXXXXXXXXXXXXXXUWLpVr");
    const interest = await call(dana, "POST", "/v1/trm-resources/investigation-interests/bulk", {
      body: interestBody([fuzzed], "PUBLIC"),
    });
    const { trmResourceUrns: _, ...interestUpdate } = interestBody([fuzzed], "PUBLIC");
    const interestPath = `/v1/trm-resources/${encodeURIComponent(fuzzed)}/investigation-interests/${interest.body.data[0].uuid}`;
    const valid: Array<[string, string, Record<string, unknown>]> = [
      ["PUT", interestPath, interestUpdate],
      [
        "POST",
        `/v1/trm-resources/interests/${interest.body.data[0].uuid}/interested-investigator-reveals`,
        {},
      ],
      ["POST", `/cases/${shared.body.data.id}/notes`, { text: "Fuzzed note" }],
      ...Object.entries(reportBodies()).map(
        ([reportKind, body]) =>
          ["POST", `/user-report/${reportKind}`, body] as [string, string, Record<string, unknown>],
      ),
      ["POST", "/v1/user-attributions", flagBody],
      ["POST", "/v1/trm-resources/investigation-interests/bulk", interestBody([flagged])],
      ["POST", "/cases", { name: "Fuzzed", isSharedWithOrg: true }],
      ["PATCH", `/cases/${shared.body.data.id}`, { name: "Fuzzed" }],
      ["POST", `/cases/${shared.body.data.id}/relatables`, { resourceUrn: flagged }],
      [
        "POST",
        "/triage/v1/trm-entity/escalate",
        {
          assignToUserUuids: [colleague.uuid],
          alias: "",
          caseId: shared.body.data.id,
          customNote: "",
          trmUrn: flagged,
        },
      ],
    ];
    const wrongValue = fc.oneof(
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
      fc.string({ minLength: 20_001, maxLength: 30_000 }),
    );
    // Fields whose schema accepts null: there null is a value of the field's own kind.
    const nullableFields: Record<string, string[]> = { "/user-report/tag-report": ["entityUrn"] };
    for (const [method, path, body] of valid) {
      const fields = Object.keys(body);
      // A body with no field (the reveal's) can only gain an unknown field or stop being an object.
      const wrongField = fields.length === 0 ? [] : [fc.constantFrom(...fields)];
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            // One field of the wrong type or far too long.
            // A value of the field's own kind (false for a flag, another id, a list for a list) may
            // be valid, so it becomes an object (no field here takes one); a string field gets the far too long string.
            ...wrongField
              .map((field) => fc.record({ field, value: wrongValue }))
              .map((records) =>
                records.map(({ field, value }) => {
                  const original = body[field];
                  const sameKind =
                    value === null
                      ? (nullableFields[path] ?? []).includes(field)
                      : original !== null &&
                        typeof value === typeof original &&
                        Array.isArray(value) === Array.isArray(original);
                  return {
                    ...body,
                    // A null where the field takes null is valid whatever the original's kind.
                    [field]:
                      sameKind && (typeof original !== "string" || value === null)
                        ? { wrong: "type" }
                        : value,
                  };
                }),
              ),
            // A field the record does not have.
            fc
              .string({ minLength: 1, maxLength: 12 })
              .filter((name) => !fields.includes(name) && name !== "__proto__")
              .map((name) => ({ ...body, [name]: "x" })),
            // Not an object at all.
            fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.array(fc.integer(), { maxLength: 3 })),
          ),
          async (generated) => {
            const answer = await call(dana, method, path, { body: generated });
            expect(answer.status, `${method} ${path} ${JSON.stringify(generated).slice(0, 200)}`).toBe(400);
            expect(answer.body.error.code).toBe("bad_request");
          },
        ),
        { numRuns: 12 },
      );
    }
  });
});
