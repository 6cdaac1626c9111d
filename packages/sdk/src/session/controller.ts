import { type FeatureFlags, withFlagDefaults } from "../accounts/featureFlags.ts";
import { ApiError } from "../client/errors.ts";
import type { SleuthClient } from "../client/sleuthClient.ts";
import {
  initialSessionState,
  type SessionEffect,
  type SessionEvent,
  type SessionState,
  sessionReducer,
} from "./loginSequence.ts";

/** 000 §9: local storage holds the organization uuid. */
export const storedOrganizationKey = "sleuth.organizationUuid";

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SessionController {
  getState(): SessionState;
  subscribe(listener: (state: SessionState) => void): () => void;
  dispatch(event: SessionEvent): void;
  /** Runs the login sequence from the start (page load, after sign-in). */
  start(): void;
  switchOrganization(organizationUuid: string): void;
  signOut(): Promise<void>;
}

/**
 * Drives sessionReducer against the real client: runs each effect and feeds its outcome back as an
 * event. Storage failures are ignored (002 §8: local storage errors are logged and ignored).
 */
export function createSessionController(options: {
  client: SleuthClient;
  storage: KeyValueStorage;
  clearQueryCache: () => void;
  onError?: (error: unknown) => void;
}): SessionController {
  const { client, storage } = options;
  let state: SessionState = initialSessionState;
  const listeners = new Set<(state: SessionState) => void>();

  const safely = (action: () => void) => {
    try {
      action();
    } catch (error) {
      options.onError?.(error);
    }
  };
  const stored = (): string | null => {
    try {
      return storage.getItem(storedOrganizationKey);
    } catch {
      return null;
    }
  };

  async function run(effect: SessionEffect): Promise<void> {
    switch (effect.type) {
      case "loadUser":
        try {
          const user = await client.auth.userInfo();
          const organizations = await client.organizations.mine();
          dispatch({ type: "userLoaded", user, organizations, storedOrganizationUuid: stored() });
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 401)) options.onError?.(error);
          dispatch({ type: "userMissing" });
        }
        return;
      case "loadOrganization":
        client.useOrganization(effect.organizationUuid);
        try {
          dispatch({
            type: "organizationLoaded",
            organization: await client.organizations.get(effect.organizationUuid),
          });
        } catch (error) {
          options.onError?.(error);
          dispatch({ type: "organizationFailed" });
        }
        return;
      case "loadFeatureFlags": {
        let featureFlags: FeatureFlags;
        try {
          featureFlags = await client.featureFlags.get(effect.organizationUuid);
        } catch (error) {
          // Flags only tune the console; their defaults keep it usable when the call fails.
          options.onError?.(error);
          featureFlags = withFlagDefaults({});
        }
        // 000 §6: the API version choice holds for every call made from here on.
        client.core.setLatestApiVersions(featureFlags.apiVersionLatest);
        dispatch({ type: "featureFlagsLoaded", featureFlags });
        return;
      }
      case "storeOrganization":
        safely(() => storage.setItem(storedOrganizationKey, effect.organizationUuid));
        return;
      case "clearStoredOrganization":
        safely(() => storage.removeItem(storedOrganizationKey));
        return;
      case "clearQueryCache":
        options.clearQueryCache();
        return;
      case "recordActivity":
        client.activity
          .log(effect.action, { organizationUuid: effect.organizationUuid })
          .catch(options.onError);
        return;
    }
  }

  function dispatch(event: SessionEvent): void {
    const [next, effects] = sessionReducer(state, event);
    if (next !== state) {
      state = next;
      for (const listener of listeners) listener(state);
    }
    for (const effect of effects) void run(effect);
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch,
    start() {
      state = initialSessionState;
      dispatch({ type: "authClientReady" });
    },
    switchOrganization(organizationUuid) {
      dispatch({ type: "switchOrganization", organizationUuid });
    },
    async signOut() {
      try {
        await client.auth.logout();
      } finally {
        client.useOrganization(null);
        dispatch({ type: "signedOut" });
      }
    },
  };
}
