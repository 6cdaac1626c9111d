import { useStore } from "@nanostores/react";
import { identityFlags } from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { $signedIn } from "../session/sessionStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";

/** 000 §6 staff and super admin, from the signed-in user's e-mail and the deployment's domains. */
export function useIdentity(): { isStaff: boolean; isSuperAdmin: boolean } {
  const view = useStore($signedIn);
  const config = useQuery({
    queryKey: ["auth", "config"],
    queryFn: () => sleuthClient.auth.config(),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!view || !config.data) return { isStaff: false, isSuperAdmin: false };
  return identityFlags(view.user.email, config.data.identityDomains);
}
