export { createQueryClient } from "./queryClient.ts";
export {
  $session,
  $signedIn,
  queryClient,
  sessionController,
  signIn,
  signInAsDemoUser,
  signOut,
  startSession,
  switchOrganization,
} from "./sessionStore.ts";
export type { SignedInView } from "./sessionView.ts";
export { signedInViewOf } from "./sessionView.ts";
export { sleuthClient } from "./sleuthClient.ts";
