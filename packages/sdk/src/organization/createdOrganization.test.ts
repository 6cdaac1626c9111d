import { expect, test } from "vitest";
import { createdOrganizationOf } from "./createdOrganization.ts";

const uuid = "0b8e8a3c-6a4e-4a53-9d61-2f0b7f1c9e10";

test("000 §5 a created organization must come back with a uuid", () => {
  expect(createdOrganizationOf({ uuid, name: "Acme" }, "Acme")).toEqual({
    ok: true,
    organization: { uuid, name: "Acme" },
  });
  expect(createdOrganizationOf({ uuid }, "Requested")).toEqual({
    ok: true,
    organization: { uuid, name: "Requested" },
  });
});

test("000 §5 without a uuid: 'Organization was not created, it may be a duplicate name'", () => {
  for (const response of [{ name: "Acme" }, {}, null, { uuid: "" }, { uuid: "not-a-uuid" }]) {
    expect(createdOrganizationOf(response, "Acme")).toEqual({
      ok: false,
      message: "Organization was not created, it may be a duplicate name",
    });
  }
});
