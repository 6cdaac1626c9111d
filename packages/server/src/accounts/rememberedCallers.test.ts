import { expect, test } from "vitest";
import {
  callerKey,
  callersVersion,
  forgetCallers,
  recallCaller,
  rememberCaller,
} from "./rememberedCallers.ts";
import type { UserRow } from "./rows.ts";

const user: UserRow = {
  id: 1,
  uuid: "00000000-0000-4000-8000-000000000001",
  email: "analyst@example.org",
  first_name: null,
  last_name: null,
  full_name: null,
  password_hash: null,
  created_at: new Date(0),
};
const caller = {
  user,
  credential: { kind: "token" as const, tokenId: 7 },
  membership: null,
  organizationUnknown: false,
};

test("000 §7 a resolved credential is remembered for one second, per store, kind and organization asked", () => {
  const store = {};
  const key = callerKey("token", "slt_token", undefined);
  rememberCaller(store, key, caller, callersVersion(), 0, 1_000);
  expect(recallCaller(store, key, 0, 1_999)).toEqual(caller);
  expect(recallCaller(store, key, 0, 2_000)).toBeUndefined();
  expect(recallCaller({}, key, 0, 1_500)).toBeUndefined();
  expect(recallCaller(store, callerKey("token", "slt_token", "other-org"), 0, 1_500)).toBeUndefined();
  // A session cookie that happens to hold the same text is another credential.
  expect(recallCaller(store, callerKey("session", "slt_token", undefined), 0, 1_500)).toBeUndefined();
});

test("000 §7 a revocation forgets resolved credentials, and one resolved while it happened is not remembered", () => {
  const store = {};
  const key = callerKey("token", "slt_token", undefined);
  rememberCaller(store, key, caller, callersVersion(), 0, 1_000);
  const begun = callersVersion();
  forgetCallers();
  expect(recallCaller(store, key, 0, 1_100)).toBeUndefined();
  rememberCaller(store, key, caller, begun, 0, 1_100);
  expect(recallCaller(store, key, 0, 1_200)).toBeUndefined();
});

test("issue 46 a resolution is recalled only under the store's change count it was made under", () => {
  const store = {};
  const key = callerKey("token", "slt_token", undefined);
  rememberCaller(store, key, caller, callersVersion(), 4, 1_000);
  expect(recallCaller(store, key, 4, 1_100)).toEqual(caller);
  // Another process counted a change (a token revoked there): this one reads the store again.
  expect(recallCaller(store, key, 5, 1_100)).toBeUndefined();
});
