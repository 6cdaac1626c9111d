import {
  createSessionController,
  type KeyValueStorage,
  type LoginBody,
  type SessionState,
} from "@sleuth/sdk";
import { atom, computed } from "nanostores";
import { createQueryClient } from "./queryClient.ts";
import { type ReadyState, signedInViewOf } from "./sessionView.ts";
import { sleuthClient } from "./sleuthClient.ts";

// 002 §8: local storage errors are ignored. Even reaching window.localStorage can throw (blocked
// storage), so every access goes through here.
const browserStorage: KeyValueStorage = {
  getItem: (key) => globalThis.localStorage?.getItem(key) ?? null,
  setItem: (key, value) => globalThis.localStorage?.setItem(key, value),
  removeItem: (key) => globalThis.localStorage?.removeItem(key),
};

export const queryClient = createQueryClient({
  onUnauthenticated: () => {
    // 000 §4: when the user disappears the session is reset and the query cache cleared.
    if (sessionController.getState().status === "ready") sessionController.dispatch({ type: "userMissing" });
  },
});

/** The SDK's 000 §4 login sequence, run against the same-origin API. */
export const sessionController = createSessionController({
  client: sleuthClient,
  storage: browserStorage,
  clearQueryCache: () => queryClient.clear(),
  onError: (error) => console.error("[session]", error),
});

export const $session = atom<SessionState>(sessionController.getState());
const $lastReady = atom<ReadyState | null>(null);

sessionController.subscribe((state) => {
  if (state.status === "ready") $lastReady.set(state);
  else if (state.status === "unauthenticated" || state.status === "noOrganization") $lastReady.set(null);
  $session.set(state);
});

export const $signedIn = computed([$session, $lastReady], signedInViewOf);

let started = false;
/** Runs the login sequence once per page load (000 §4: auth client initialised, then user...). */
export function startSession(): void {
  if (started) return;
  started = true;
  sessionController.start();
}

export async function signIn(body: LoginBody): Promise<void> {
  await sleuthClient.auth.login(body);
  sessionController.start();
}

export async function signInAsDemoUser(): Promise<void> {
  await sleuthClient.auth.demoLogin();
  sessionController.start();
}

export function signOut(): Promise<void> {
  return sessionController.signOut();
}

export function switchOrganization(organizationUuid: string): void {
  sessionController.switchOrganization(organizationUuid);
}
