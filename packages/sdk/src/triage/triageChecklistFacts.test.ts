import { expect, test } from "vitest";
import { triageChecklistFacts } from "./triageChecklistFacts.ts";

const me = { uuid: "5e1e0000-0000-4000-8000-000000000001", email: "demo@sleuth.example" };
const person = (uuid: string, email: string) => ({ uuid, email, fullName: null });
const user = (email: string) => ({ id: null, fullName: null, firstName: null, lastName: null, email });

test("002 §4 only the user's own flag and interest complete their items; every interest counts", () => {
  const facts = triageChecklistFacts(
    {
      flags: [
        { isOwnOrganization: true, createdBy: person("5e1e0000-0000-4000-8000-000000000002", "a@x.example") },
        { isOwnOrganization: false, createdBy: null },
      ],
      interests: [{ user: user("a@x.example") }, { user: user(null as unknown as string) }],
      victimReports: [{}, {}],
      detectors: [],
    },
    me,
  );
  expect(facts).toEqual({
    hasFlag: false,
    hasOwnInterest: false,
    interestCount: 2,
    victimReportCount: 2,
    detectorCount: 0,
  });
  const mine = triageChecklistFacts(
    {
      flags: [{ isOwnOrganization: true, createdBy: person(me.uuid, me.email) }],
      interests: [{ user: user(me.email) }],
      victimReports: [],
      detectors: [{}],
    },
    me,
  );
  expect(mine).toMatchObject({ hasFlag: true, hasOwnInterest: true, interestCount: 1, detectorCount: 1 });
});
