import { useStore } from "@nanostores/react";
import { Spinner } from "@primer/react";
import { consolePaths } from "@sleuth/sdk";
import { lazy, Suspense } from "react";
import { Redirect, Route, Switch, useLocation, useSearch } from "wouter";
import { HomePage } from "../home/HomePage.tsx";
import { $session, $signedIn } from "../session/sessionStore.ts";
import { NoOrganization } from "../shell/NoOrganization.tsx";
import { SignedInLayout } from "../shell/SignedInLayout.tsx";
import { Splash } from "../shell/Splash.tsx";
import { NotFoundPage } from "./NotFoundPage.tsx";
import { safeNextPath, signInPath } from "./routes.ts";

// Screens a session does not always need load on demand; later screens (search, address, graph,
// triage) follow the same pattern so the first load stays small.
const SignInPage = lazy(() =>
  import("../signin/SignInPage.tsx").then((module) => ({ default: module.SignInPage })),
);
const AddressPage = lazy(() =>
  import("../explorer/AddressPage.tsx").then((module) => ({ default: module.AddressPage })),
);
const EntityPage = lazy(() =>
  import("../explorer/EntityPage.tsx").then((module) => ({ default: module.EntityPage })),
);
const CustomEntityPage = lazy(() =>
  import("../explorer/CustomEntityPage.tsx").then((module) => ({ default: module.CustomEntityPage })),
);
const TransactionPage = lazy(() =>
  import("../explorer/TransactionPage.tsx").then((module) => ({ default: module.TransactionPage })),
);
const TransactionAnyChainPage = lazy(() =>
  import("../explorer/TransactionPage.tsx").then((module) => ({ default: module.TransactionAnyChainPage })),
);
const IpPage = lazy(() => import("../explorer/IpPage.tsx").then((module) => ({ default: module.IpPage })));
const GraphPage = lazy(() =>
  import("../graph/GraphPage.tsx").then((module) => ({ default: module.GraphPage })),
);
const CustomEntitiesPage = lazy(() =>
  import("../customEntities/CustomEntitiesPage.tsx").then((module) => ({
    default: module.CustomEntitiesPage,
  })),
);
const OrganizationSettingsPage = lazy(() =>
  import("../organization/OrganizationSettingsPage.tsx").then((module) => ({
    default: module.OrganizationSettingsPage,
  })),
);
const PreferencesPage = lazy(() =>
  import("../organization/PreferencesPage.tsx").then((module) => ({ default: module.PreferencesPage })),
);
const OperatorPage = lazy(() =>
  import("../organization/OperatorPage.tsx").then((module) => ({ default: module.OperatorPage })),
);
const RefreshPage = lazy(() =>
  import("../organization/RefreshPage.tsx").then((module) => ({ default: module.RefreshPage })),
);
const CasesPage = lazy(() =>
  import("../cases/CasesPage.tsx").then((module) => ({ default: module.CasesPage })),
);
const CasePage = lazy(() => import("../cases/CasePage.tsx").then((module) => ({ default: module.CasePage })));
const InboxPage = lazy(() =>
  import("../cases/InboxPage.tsx").then((module) => ({ default: module.InboxPage })),
);
const FlagsPage = lazy(() =>
  import("../flags/FlagsPage.tsx").then((module) => ({ default: module.FlagsPage })),
);
const ReportsPage = lazy(() =>
  import("../userReports/ReportsPage.tsx").then((module) => ({ default: module.ReportsPage })),
);
const TriageHomePage = lazy(() =>
  import("../triage/TriageHomePage.tsx").then((module) => ({ default: module.TriageHomePage })),
);
const TriageAddressPage = lazy(() =>
  import("../triage/TriageAddressPage.tsx").then((module) => ({ default: module.TriageAddressPage })),
);
const TriageTransactionPage = lazy(() =>
  import("../triage/TriageTransactionPage.tsx").then((module) => ({ default: module.TriageTransactionPage })),
);
const TriageResultsPage = lazy(() =>
  import("../triage/TriageResultsPage.tsx").then((module) => ({ default: module.TriageResultsPage })),
);
const TriageHistoryPage = lazy(() =>
  import("../triage/TriageHistoryPage.tsx").then((module) => ({ default: module.TriageHistoryPage })),
);
const DetectorsPage = lazy(() =>
  import("../triage/DetectorsPage.tsx").then((module) => ({ default: module.DetectorsPage })),
);
const SearchResultsPage = lazy(() =>
  import("../results/SearchResultsPage.tsx").then((module) => ({ default: module.SearchResultsPage })),
);

function PageLoading() {
  return (
    <div className="sleuth-page" aria-busy="true">
      <Spinner size="medium" srText="Loading the page" />
    </div>
  );
}

/** Picks the screen from the 000 §4 session state, then the page from the route. */
export function ConsoleRoutes() {
  const session = useStore($session);
  const view = useStore($signedIn);
  const [location] = useLocation();
  const search = useSearch();

  if (view) {
    if (location === consolePaths.signIn)
      return <Redirect to={safeNextPath(new URLSearchParams(search).get("next"))} replace />;
    return (
      <SignedInLayout view={view}>
        <Suspense fallback={<PageLoading />}>
          <Switch>
            <Route path={consolePaths.home}>
              <HomePage view={view} />
            </Route>
            <Route path={consolePaths.search}>
              <SearchResultsPage />
            </Route>
            <Route path={consolePaths.address}>
              {(params) => (
                <AddressPage
                  key={`${params.chain}/${params.address}`}
                  chain={params.chain}
                  address={params.address}
                />
              )}
            </Route>
            <Route path={consolePaths.transaction}>
              {(params) => (
                <TransactionPage
                  key={`${params.chain}/${params.hash}`}
                  chain={params.chain}
                  hash={params.hash}
                />
              )}
            </Route>
            <Route path={consolePaths.transactionAnyChain}>
              {(params) => <TransactionAnyChainPage key={params.hash} hash={params.hash} />}
            </Route>
            <Route path={consolePaths.entity}>
              {(params) => <EntityPage key={params.id} id={params.id} />}
            </Route>
            <Route path={consolePaths.customEntity}>
              {(params) => <CustomEntityPage key={params.id} id={params.id} />}
            </Route>
            <Route path={consolePaths.customEntities}>
              <CustomEntitiesPage />
            </Route>
            <Route path={consolePaths.organizationSettings}>
              <OrganizationSettingsPage />
            </Route>
            <Route path={consolePaths.preferences}>
              <PreferencesPage />
            </Route>
            <Route path={consolePaths.operator}>
              <OperatorPage />
            </Route>
            <Route path={consolePaths.refresh}>
              <RefreshPage />
            </Route>
            <Route path={consolePaths.ip}>{(params) => <IpPage key={params.ip} ip={params.ip} />}</Route>
            <Route path={consolePaths.workspaceCases}>
              <CasesPage />
            </Route>
            <Route path={consolePaths.workspaceCase}>
              {(params) => <CasePage key={params.id} id={params.id} />}
            </Route>
            <Route path={consolePaths.workspaceInbox}>
              <InboxPage />
            </Route>
            <Route path={consolePaths.workspaceFlags}>
              <FlagsPage />
            </Route>
            <Route path={consolePaths.workspaceReports}>
              <ReportsPage />
            </Route>
            <Route path={consolePaths.graph}>
              <GraphPage />
            </Route>
            <Route path={consolePaths.triageAddress}>
              {(params) => (
                <TriageAddressPage
                  key={`${params.chain}/${params.address}`}
                  chain={params.chain}
                  address={params.address}
                />
              )}
            </Route>
            <Route path={consolePaths.triageTransaction}>
              {(params) => (
                <TriageTransactionPage
                  key={`${params.chain}/${params.hash}`}
                  chain={params.chain}
                  hash={params.hash}
                />
              )}
            </Route>
            <Route path={consolePaths.triageResults}>
              <TriageResultsPage />
            </Route>
            <Route path={consolePaths.triageHistory}>
              <TriageHistoryPage />
            </Route>
            <Route path={consolePaths.triageDetectors}>
              <DetectorsPage />
            </Route>
            <Route path={consolePaths.triageHome}>
              <TriageHomePage />
            </Route>
            <Route>
              <NotFoundPage />
            </Route>
          </Switch>
        </Suspense>
      </SignedInLayout>
    );
  }
  switch (session.status) {
    case "unauthenticated": {
      if (location === consolePaths.signIn) {
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
