import {
  type BeaconInvitedValue,
  type BeaconNotifiedValue,
  beaconInvitedKey,
  beaconNotifiedKey,
  parseBeaconInvited,
  parseBeaconNotified,
} from "@sleuth/sdk";

// 000 §9: the beacon notification and invitation values live in local storage; 002 §8 storage
// failures are ignored (the flow still works, it only forgets).
function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // ignored, see above
  }
}

export const beaconStorage = {
  notified: (entityUrn: string): BeaconNotifiedValue | null =>
    parseBeaconNotified(read(beaconNotifiedKey(entityUrn))),
  invited: (entityUrn: string): BeaconInvitedValue | null =>
    parseBeaconInvited(read(beaconInvitedKey(entityUrn))),
  saveNotified: (entityUrn: string, value: BeaconNotifiedValue) => write(beaconNotifiedKey(entityUrn), value),
  saveInvited: (entityUrn: string, value: BeaconInvitedValue) => write(beaconInvitedKey(entityUrn), value),
};
