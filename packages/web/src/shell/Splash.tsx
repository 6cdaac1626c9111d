import { Spinner } from "@primer/react";

/** Shown while the 000 §4 login sequence runs (auth client, user, organization, flags). */
export function Splash() {
  return (
    <div className="sleuth-splash">
      <p className="sleuth-splash-name">Sleuth</p>
      <Spinner size="medium" srText="Loading your session" />
    </div>
  );
}
