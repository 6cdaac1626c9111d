import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { addressChainUrn } from "../chains/urn.ts";
import { flagCategoriesByGroup, flagCategoryGroups } from "./categories.ts";
import { isValidContactEmail, parseEmailList } from "./emails.ts";
import {
  type FlagFormInput,
  flagFormSchema,
  flagMessages,
  userAttributionBody,
  userAttributionSchema,
} from "./flagForm.ts";

const valid: FlagFormInput = {
  categoryId: "RANSOMWARE",
  activitySummary: "Received ransom payments from victims",
  valueOriginTimeframe: "About 3 BTC since March",
  investigativeIntent: "Identify the operators",
  requestedAction: "Freeze funds at exchanges",
  contactEmail: "agent@fbi.example.gov",
};

const errorsOf = (input: unknown) => {
  const result = flagFormSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

test("001 §9 flag categories are grouped as Fraud and Scams, Illicit Commerce, Illicit Payments, Thefts and Other", () => {
  const groups = flagCategoriesByGroup();
  expect(groups.map((entry) => entry.group)).toEqual([...flagCategoryGroups]);
  expect(groups.every((entry) => entry.categories.length > 0)).toBe(true);
  expect(groups.at(-1)?.categories.map((category) => category.id)).toEqual(["OTHER"]);
});

describe("001 §5 flag form", () => {
  test("001 §5 a complete form is valid", () => {
    expect(errorsOf(valid)).toEqual({});
  });

  test("001 §5 category is required", () => {
    expect(errorsOf({ ...valid, categoryId: "" })).toEqual({ categoryId: flagMessages.categoryRequired });
  });

  test("001 §5 the OTHER category needs a typed category name", () => {
    expect(errorsOf({ ...valid, categoryId: "OTHER", userProvidedCategory: "  " })).toEqual({
      userProvidedCategory: flagMessages.otherCategoryRequired,
    });
    expect(errorsOf({ ...valid, categoryId: "OTHER", userProvidedCategory: "Crypto ATM fraud" })).toEqual({});
  });

  test("001 §5 flag text fields need at least 3 words ('field too short')", () => {
    expect(errorsOf({ ...valid, activitySummary: "  two   words ", requestedAction: "" })).toEqual({
      activitySummary: "field too short",
      requestedAction: "field too short",
    });
    expect(errorsOf({ ...valid, investigativeIntent: "one\ttwo\nthree" })).toEqual({});
  });

  test("001 §5 contact email: a comma-separated list of valid addresses", () => {
    expect(flagFormSchema.parse({ ...valid, contactEmail: " a@x.org ,b@y.org, " }).contactEmail).toBe(
      "a@x.org, b@y.org",
    );
    expect(errorsOf({ ...valid, contactEmail: "" })).toEqual({ contactEmail: flagMessages.emailRequired });
    expect(errorsOf({ ...valid, contactEmail: "a@x.org, not-an-email" })).toEqual({
      contactEmail: flagMessages.invalidEmail,
    });
  });

  test("001 §5 the local part is at most 64 characters and the domain at most 253", () => {
    expect(isValidContactEmail(`${"a".repeat(64)}@x.org`)).toBe(true);
    expect(isValidContactEmail(`${"a".repeat(65)}@x.org`)).toBe(false);
    const domain = `${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.${"e".repeat(57)}.org`;
    expect(domain.length).toBe(253);
    expect(isValidContactEmail(`a@${domain}`)).toBe(true);
    expect(isValidContactEmail(`a@c${domain}`)).toBe(false);
  });

  test("001 §5 any list of valid addresses parses back to the same addresses", () => {
    fc.assert(
      fc.property(
        fc.array(fc.emailAddress(), { minLength: 1, maxLength: 5 }),
        fc.constantFrom(",", ", ", " , "),
        (emails, separator) => {
          const parsed = parseEmailList(emails.join(separator));
          expect(parsed).toEqual({ emails, invalid: [] });
        },
      ),
    );
  });

  test("001 §5 an address whose local part is over 64 characters is never accepted", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 65, maxLength: 100 }), fc.domain(), (local, domain) => {
        expect(isValidContactEmail(`${local}@${domain}`)).toBe(false);
      }),
    );
  });
});

test("001 §3 the flag becomes a User attribution with the four fields as evidence", () => {
  const urn = addressChainUrn("bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa");
  const body = userAttributionBody(flagFormSchema.parse(valid), { trmResourceUrn: urn });
  expect(body).toMatchObject({
    categoryId: "RANSOMWARE",
    categoryLabel: "Ransomware",
    userProvidedCategory: null,
  });
  expect(body.evidenceDescription).toContain("Investigative intent:\nIdentify the operators");
  expect(
    userAttributionSchema.parse({ ...body, uuid: "0b8e8a3c-6a4e-4a53-9d61-2f0b7f1c9e10" }),
  ).toMatchObject(body);
});
