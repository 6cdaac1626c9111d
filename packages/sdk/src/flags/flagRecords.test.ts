import { expect, test } from "vitest";
import { addressChainUrn } from "../chains/urn.ts";
import { flagMessages } from "./flagForm.ts";
import { userAttributionRequestSchema } from "./flagRecords.ts";

const urn = addressChainUrn("bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa");
const body = {
  trmResourceUrn: urn,
  categoryId: "RANSOMWARE",
  evidenceDescription: "Activity summary:\nRansom payments",
  contactEmail: " a@x.org ,b@y.org",
};

test("001 §7 the server's flag body: label from the category, the element as resource, not propagated", () => {
  expect(userAttributionRequestSchema.parse({ ...body, categoryLabel: "anything" })).toMatchObject({
    categoryLabel: "Ransomware",
    resourceUrns: [urn],
    shouldPropagate: false,
    userProvidedCategory: null,
    contactEmail: "a@x.org, b@y.org",
  });
});

test("001 §5 the server applies the form's rules: OTHER needs a name, e-mails must be valid, no extra fields", () => {
  const other = userAttributionRequestSchema.safeParse({ ...body, categoryId: "OTHER" });
  expect(other.error?.issues[0]?.message).toBe(flagMessages.otherCategoryRequired);
  expect(userAttributionRequestSchema.safeParse({ ...body, contactEmail: "nope" }).success).toBe(false);
  expect(userAttributionRequestSchema.safeParse({ ...body, uuid: crypto.randomUUID() }).success).toBe(false);
});
