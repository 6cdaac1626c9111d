import { useStore } from "@nanostores/react";
import { lazy, Suspense } from "react";
import { Redirect, Route, Switch, useLocation, useSearch } from "wouter";
import { HomePage } from "../home/index.ts";
import { $session, $signedIn } from "../session/index.ts";
import { NoOrganization, SignedInLayout, Splash } from "../shell/index.ts";
import { NotFoundPage } from "./NotFoundPage.tsx";
import { routes, safeNextPath, signInPath } from "./routes.ts";

// Screens a session does not always need load on demand; later screens (search, address, graph,
// triage) follow the same pattern so the first load stays small.
const SignInPage = lazy(() =>
  import("../signin/index.ts").then((module) => ({ default: module.SignInPage })),
);

/** Picks the screen from the 000 §4 session state, then the page from the route. */
export function ConsoleRoutes() {
  const session = useStore($session);
  const view = useStore($signedIn);
  const [location] = useLocation();
  const search = useSearch();

  if (view) {
    if (location === routes.signIn)
      return <Redirect to={safeNextPath(new URLSearchParams(search).get("next"))} replace />;
    return (
      <SignedInLayout view={view}>
        <Switch>
          <Route path={routes.home}>
            <HomePage view={view} />
          </Route>
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </SignedInLayout>
    );
  }
  switch (session.status) {
    case "unauthenticated": {
      if (location === routes.signIn) {
        return (
          <Suspense fallback={<Splash />}>
            <SignInPage />
          </Suspense>
        );
      }
      // After signing out there is nothing to come back to; otherwise return to the page asked for.
      const next = session.reason === "signed-out" ? null : `${location}${search ? `?${search}` : ""}`;
      return <Redirect to={signInPath(next)} replace />;
    }
    case "noOrganization":
      return <NoOrganization user={session.user} />;
    default:
      return <Splash />;
  }
}
