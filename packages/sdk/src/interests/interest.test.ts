import { describe, expect, test } from "vitest";
import { addressChainUrn, entityUrn } from "../chains/urn.ts";
import { audienceCountries, isAudienceCountry, isoCountries, sanctionedCountryCodes } from "./countries.ts";
import {
  canDeleteInterest,
  type InvestigationInterest,
  interestBulkBody,
  interestDetailsVisible,
  interestElementsToSubmit,
  interestFormSchema,
  investigationInterestSchema,
  parseAudienceTab,
  revealActionLabels,
  revealActionOf,
  showsIndicateInterestButton,
  withVisibilityLevel,
} from "./interest.ts";

const network = "3f6c2b1a-9d8e-4f7a-8b6c-5d4e3f2a1b0c";
const otherNetwork = "8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d";
const orgUuid = "0b8e8a3c-6a4e-4a53-9d61-2f0b7f1c9e10";
const viewer = { userId: 7, organizationUuid: orgUuid };

const errorsOf = (input: unknown) => {
  const result = interestFormSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("001 §5 interest form", () => {
  test("001 §5 the note has at most 80 characters", () => {
    expect(errorsOf({ visibilityLevel: "ORG", privacyOption: "OPEN", note: "x".repeat(80) })).toEqual({});
    expect(
      Object.keys(errorsOf({ visibilityLevel: "ORG", privacyOption: "OPEN", note: "x".repeat(81) })),
    ).toEqual(["note"]);
  });

  test("001 §5 a custom audience needs at least one country: 'Please select at least one country.'", () => {
    expect(errorsOf({ visibilityLevel: "CUSTOM", privacyOption: "OPEN", countryIsoCodes: [] })).toEqual({
      countryIsoCodes: "Please select at least one country.",
    });
    expect(errorsOf({ visibilityLevel: "CUSTOM", privacyOption: "OPEN", countryIsoCodes: ["FR"] })).toEqual(
      {},
    );
  });

  test("001 §5 network visibility needs a network: 'select at least one network'", () => {
    expect(errorsOf({ visibilityLevel: "NETWORK", privacyOption: "PRIVATE" })).toEqual({
      networkUuids: "select at least one network",
    });
  });

  test("001 §4 network visibility pre-selects all of the user's networks; other levels clear them", () => {
    const form = { visibilityLevel: "ORG" as const, networkUuids: [] as string[] };
    const onNetwork = withVisibilityLevel(form, "NETWORK", [network, otherNetwork]);
    expect(onNetwork.networkUuids).toEqual([network, otherNetwork]);
    expect(withVisibilityLevel(onNetwork, "PUBLIC", [network]).networkUuids).toEqual([]);
  });

  test("001 §5 only elements not already flagged are submitted; none left disables submit", () => {
    const a = addressChainUrn("bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa");
    const b = entityUrn("acme");
    expect(interestElementsToSubmit([a, b, a], [b])).toEqual([a]);
    const form = interestFormSchema.parse({
      visibilityLevel: "NETWORK",
      privacyOption: "OPEN",
      networkUuids: [network],
    });
    expect(interestBulkBody(form, [a, b], [])).toMatchObject({
      trmResourceUrns: [a, b],
      networkUuids: [network],
    });
    expect(interestBulkBody(form, [a], [a])).toBeNull();
  });
});

test("001 §9 sanctioned countries are excluded from the custom audience list", () => {
  expect(isoCountries).toHaveLength(249);
  for (const code of sanctionedCountryCodes) expect(isAudienceCountry(code)).toBe(false);
  expect(audienceCountries).toHaveLength(249 - sanctionedCountryCodes.length);
  expect(audienceCountries.find((country) => country.code === "DE")?.name).toBe("Germany");
  expect(
    errorsOf({ visibilityLevel: "CUSTOM", privacyOption: "OPEN", countryIsoCodes: ["KP"] }),
  ).toHaveProperty("countryIsoCodes");
});

const interest = (overrides: Partial<InvestigationInterest>): InvestigationInterest =>
  investigationInterestSchema.parse({
    uuid: "5f1d3a52-8a3e-4c55-b6f4-5d1f0f2f9b11",
    visibilityLevel: "PUBLIC",
    privacyOption: "OPEN",
    note: null,
    trmResourceUrns: [entityUrn("acme")],
    isRevealNotificationEnabled: false,
    isSameElementNotificationEnabled: false,
    networkUuids: [],
    verticals: ["PUBLIC"],
    countryIsoCodes: [],
    createdAt: "2024-05-01T08:00:00Z",
    contactEmail: null,
    isRevealed: false,
    user: { id: null, fullName: null, firstName: null, lastName: null, email: null },
    organization: { uuid: null, name: null },
    segments: { verticals: ["PUBLIC"], countryIsoCodes: [] },
    notificationConfig: null,
    ...overrides,
  });

describe("001 §4 interest privacy", () => {
  test("001 §4 an open interest with notification enabled asks 'Reveal and Notify', otherwise reveals directly", () => {
    expect(revealActionOf(interest({ isRevealNotificationEnabled: true }), viewer)).toBe(
      "confirmRevealAndNotify",
    );
    expect(revealActionLabels.confirmRevealAndNotify).toBe("Reveal and Notify");
    expect(revealActionOf(interest({}), viewer)).toBe("reveal");
  });

  test("001 §4 a private interest offers 'Request contact'", () => {
    expect(revealActionOf(interest({ privacyOption: "PRIVATE" }), viewer)).toBe("requestContact");
    expect(revealActionLabels.requestContact).toBe("Request contact");
  });

  test("001 §4 reveal is available only while the interest is not revealed; then open details show", () => {
    const revealed = interest({ isRevealed: true });
    expect(revealActionOf(revealed, viewer)).toBeNull();
    expect(interestDetailsVisible(revealed, viewer)).toBe(true);
    expect(interestDetailsVisible(interest({ isRevealed: true, privacyOption: "PRIVATE" }), viewer)).toBe(
      false,
    );
    expect(interestDetailsVisible(interest({}), viewer)).toBe(false);
  });

  test("001 §4 an own interest (same user and same organization) shows details and a delete action", () => {
    const user = {
      id: 7,
      fullName: "Dana Scully",
      firstName: "Dana",
      lastName: "Scully",
      email: "dana@fbi.example",
    };
    const own = interest({ user, organization: { uuid: orgUuid, name: "FBI" } });
    expect(interestDetailsVisible(own, viewer)).toBe(true);
    expect(canDeleteInterest(own, viewer)).toBe(true);
    expect(revealActionOf(own, viewer)).toBeNull();
    const sameUserOtherOrg = interest({ user, organization: { uuid: network, name: "Other" } });
    expect(canDeleteInterest(sameUserOtherOrg, viewer)).toBe(false);
  });
});

test("001 §4 the last-used audience tab is remembered locally", () => {
  expect(parseAudienceTab("custom")).toBe("custom");
  expect(parseAudienceTab(null)).toBe("preset");
  expect(parseAudienceTab("everyone")).toBe("preset");
});

test("001 §6 the Indicate Interest button hides in triage, once interested, and while loading", () => {
  expect(showsIndicateInterestButton({ inTriage: false, alreadyInterested: false, loading: false })).toBe(
    true,
  );
  expect(showsIndicateInterestButton({ inTriage: true, alreadyInterested: false, loading: false })).toBe(
    false,
  );
  expect(showsIndicateInterestButton({ inTriage: false, alreadyInterested: true, loading: false })).toBe(
    false,
  );
  expect(showsIndicateInterestButton({ inTriage: false, alreadyInterested: false, loading: true })).toBe(
    false,
  );
});
