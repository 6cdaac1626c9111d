import { expect, test } from "vitest";
import type { UserRow } from "./rows.ts";
import {
  forgetTokenCallers,
  recallTokenCaller,
  rememberTokenCaller,
  tokenCallerKey,
  tokenCallersVersion,
} from "./tokenCallers.ts";

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
const caller = { user, tokenId: 7, membership: null, organizationUnknown: false };

test("000 §7 a resolved token is remembered for one second, per store and organization asked", () => {
  const store = {};
  const key = tokenCallerKey("slt_token", undefined);
  rememberTokenCaller(store, key, caller, tokenCallersVersion(), 1_000);
  expect(recallTokenCaller(store, key, 1_999)).toEqual(caller);
  expect(recallTokenCaller(store, key, 2_000)).toBeUndefined();
  expect(recallTokenCaller({}, key, 1_500)).toBeUndefined();
  expect(recallTokenCaller(store, tokenCallerKey("slt_token", "other-org"), 1_500)).toBeUndefined();
});

test("000 §7 a revocation forgets resolved tokens, and one resolved while it happened is not remembered", () => {
  const store = {};
  const key = tokenCallerKey("slt_token", undefined);
  rememberTokenCaller(store, key, caller, tokenCallersVersion(), 1_000);
  const begun = tokenCallersVersion();
  forgetTokenCallers();
  expect(recallTokenCaller(store, key, 1_100)).toBeUndefined();
  rememberTokenCaller(store, key, caller, begun, 1_100);
  expect(recallTokenCaller(store, key, 1_200)).toBeUndefined();
});
