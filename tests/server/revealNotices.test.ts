import { addressChainUrn } from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { memberCalls } from "../helpers/memberCalls.ts";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

// 001 §4 'Reveal and Notify' reaching the author: revealing an open interest with reveal
// notification on (or asking to contact the author of a private one) lands in the author's inbox,
// over HTTP on both stores.

const interestBody = (urn: string, privacyOption: string, isRevealNotificationEnabled: boolean) => ({
  visibilityLevel: "PUBLIC",
  privacyOption,
  note: `Watching ${privacyOption.toLowerCase()}`,
  trmResourceUrns: [urn],
  isRevealNotificationEnabled,
  networkUuids: [],
  verticals: [],
  countryIsoCodes: [],
});

describe.each(storeKinds)("reveal notices on %s", (kind) => {
  let server: TestServer;
  let dana: string; // admin of Demo Investigations, viewer of Partner Agency
  let alex: string; // editor of Partner Agency only

  const send = memberCalls(() => server);
  const call = (token: string, method: string, path: string, organization?: string) =>
    send(token, method, path, { organization, body: method === "POST" ? {} : undefined });
  const create = async (urn: string, privacy: string, notify: boolean) =>
    (
      await send(dana, "POST", "/v1/trm-resources/investigation-interests/bulk", {
        body: interestBody(urn, privacy, notify),
      })
    ).body as { data: Array<{ uuid: string }> };
  const reveal = (token: string, uuid: string) =>
    call(token, "POST", `/v1/trm-resources/interests/${uuid}/interested-investigator-reveals`);
  const notices = (token: string, organization?: string) =>
    call(token, "GET", "/v1/users/investigation-interests/reveals", organization);

  beforeAll(async () => {
    server = await startTestServer({ store: kind, world: "small" });
    dana = await server.tokenFor(server.demo.user.email);
    alex = await server.tokenFor(server.demo.analyst.email);
  });
  afterAll(async () => {
    await server?.close();
  });

  test("001 §4 Reveal and Notify reaches the author's inbox; a contact request does too; a silent reveal does not", async () => {
    const open = addressChainUrn("bitcoin", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2");
    const quiet = addressChainUrn("bitcoin", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy");
    const closed = addressChainUrn("bitcoin", "1dice8EMZmqKvrGE4Qc9bUFf9PX3xaYDp");
    const [openInterest] = (await create(open, "OPEN", true)).data;
    const [quietInterest] = (await create(quiet, "OPEN", false)).data;
    const [closedInterest] = (await create(closed, "PRIVATE", false)).data;
    expect((await notices(dana)).body.meta.unreadCount).toBe(0);

    for (const interest of [openInterest!, quietInterest!, closedInterest!]) {
      expect((await reveal(alex, interest.uuid)).status).toBe(201);
    }
    // A second reveal by the same investigator is not a second notice.
    await reveal(alex, openInterest!.uuid);
    // Revealing one's own interest tells no one.
    await reveal(dana, openInterest!.uuid);

    const inbox = await notices(dana);
    expect(inbox.status).toBe(200);
    expect(inbox.body.meta).toMatchObject({ count: 2, unreadCount: 2 });
    const byElement = new Map(
      inbox.body.data.map((notice: { trmResourceUrn: string }) => [notice.trmResourceUrn, notice]),
    );
    expect(byElement.get(open)).toMatchObject({
      kind: "REVEAL",
      interestUuid: openInterest!.uuid,
      note: "Watching open",
      revealedBy: { email: server.demo.analyst.email },
      organization: { uuid: server.demo.partner.uuid },
      readAt: null,
    });
    expect(byElement.get(closed)).toMatchObject({ kind: "CONTACT_REQUEST" });
    expect(byElement.has(quiet)).toBe(false);

    // The revealer has no notice; the notice is the author's, in the interest's organization only.
    expect((await notices(alex)).body.data).toEqual([]);
    expect((await notices(dana, server.demo.partner.uuid)).body.data).toEqual([]);
    const notice = byElement.get(open) as { uuid: string };
    const readPath = `/v1/users/investigation-interests/reveals/${notice.uuid}/read`;
    expect((await call(alex, "POST", readPath)).status).toBe(404);
    expect((await call(dana, "POST", readPath, server.demo.partner.uuid)).status).toBe(404);
    expect((await call(dana, "POST", "/v1/users/investigation-interests/reveals/nope/read")).status).toBe(
      400,
    );
    expect((await call(dana, "GET", "/v1/users/investigation-interests/reveals?limit=abc")).status).toBe(400);

    expect((await call(dana, "POST", readPath)).status).toBe(204);
    const after = await notices(dana);
    expect(after.body.meta).toMatchObject({ count: 2, unreadCount: 1 });
    const unread = await call(dana, "GET", "/v1/users/investigation-interests/reveals?unreadOnly=true");
    expect(unread.body.data.map((item: { kind: string }) => item.kind)).toEqual(["CONTACT_REQUEST"]);
  });
});
