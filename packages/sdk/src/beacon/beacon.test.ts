import fc from "fast-check";
import { expect, test } from "vitest";
import { entityUrn } from "../chains/urn.ts";
import { beaconCaseNumber, beaconCaseNumberSchema } from "./caseNumber.ts";
import {
  beaconNotificationFileName,
  beaconNotificationText,
  notifyVaspCategoryIds,
  showsNotifyVaspButtons,
} from "./notification.ts";
import { beaconInvitedKey, beaconNotifiedKey, parseBeaconInvited, parseBeaconNotified } from "./storage.ts";

test("000 §9 beacon case number is BEACON- plus a number 10000 to 99999", () => {
  expect(beaconCaseNumber(() => 0)).toBe("BEACON-10000");
  expect(beaconCaseNumber(() => 0.999999999)).toBe("BEACON-99999");
  expect(beaconCaseNumber(() => 1)).toBe("BEACON-99999");
  fc.assert(
    fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (draw) => {
      const caseNumber = beaconCaseNumber(() => draw);
      const number = Number(caseNumber.slice("BEACON-".length));
      expect(number).toBeGreaterThanOrEqual(10_000);
      expect(number).toBeLessThanOrEqual(99_999);
      expect(beaconCaseNumberSchema.safeParse(caseNumber).success).toBe(true);
    }),
  );
  expect(beaconCaseNumberSchema.safeParse("BEACON-09999").success).toBe(false);
});

test("000 §4 the notification text downloads as a file named after the case number", () => {
  const urn = entityUrn("acme-exchange");
  const text = beaconNotificationText({
    caseNumber: "BEACON-12345",
    vaspName: "Acme Exchange",
    entityUrn: urn,
    requestedAt: new Date("2024-05-01T08:00:00Z"),
    requester: { name: "Dana Scully", email: "dana@fbi.example", organization: "FBI" },
  });
  expect(beaconNotificationFileName("BEACON-12345")).toBe("BEACON-12345.txt");
  expect(text).toContain("Case number: BEACON-12345");
  expect(text).toContain(`Entity: ${urn}`);
  expect(text).toContain("Requested: 2024-05-01 08:00:00 UTC");
  expect(text).toContain("Requested by: Dana Scully <dana@fbi.example>, FBI");
});

test("000 §4 the notified and invited VASPs are remembered locally per entity", () => {
  const urn = entityUrn("acme-exchange");
  expect(beaconNotifiedKey(urn)).not.toBe(beaconInvitedKey(urn));
  expect(beaconNotifiedKey(urn)).not.toBe(beaconNotifiedKey(entityUrn("other-exchange")));
  const notified = { caseNumber: "BEACON-12345", notifiedAt: "2024-05-01T08:00:00.000Z" };
  expect(parseBeaconNotified(JSON.stringify(notified))).toEqual(notified);
  expect(parseBeaconNotified("{not json")).toBeNull();
  expect(parseBeaconNotified(null)).toBeNull();
  expect(parseBeaconInvited(JSON.stringify({ invitedAt: "2024-05-01T08:00:00Z" }))).toEqual({
    invitedAt: "2024-05-01T08:00:00Z",
  });
  expect(parseBeaconInvited(JSON.stringify({ invitedAt: "yesterday" }))).toBeNull();
});

test("000 §6 the beacon flag shows the notify-VASP buttons for categories 8 and 13", () => {
  expect(notifyVaspCategoryIds(true)).toEqual([8, 13]);
  expect(showsNotifyVaspButtons(8, true)).toBe(true);
  expect(showsNotifyVaspButtons("13", true)).toBe(true);
  expect(showsNotifyVaspButtons(9, true)).toBe(false);
  expect(showsNotifyVaspButtons(8, false)).toBe(false);
});
