import { useStore } from "@nanostores/react";
import { Spinner } from "@primer/react";
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
const explorer = () => import("../explorer/index.ts");
const AddressPage = lazy(() => explorer().then((module) => ({ default: module.AddressPage })));
const EntityPage = lazy(() => explorer().then((module) => ({ default: module.EntityPage })));
const CustomEntityPage = lazy(() => explorer().then((module) => ({ default: module.CustomEntityPage })));
const TransactionPage = lazy(() => explorer().then((module) => ({ default: module.TransactionPage })));
const TransactionAnyChainPage = lazy(() =>
  explorer().then((module) => ({ default: module.TransactionAnyChainPage })),
);
const IpPage = lazy(() => explorer().then((module) => ({ default: module.IpPage })));
const GraphPage = lazy(() => import("../graph/index.ts").then((module) => ({ default: module.GraphPage })));
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
const actions = () => import("../actions/index.ts");
const CasesPage = lazy(() => actions().then((module) => ({ default: module.CasesPage })));
const CasePage = lazy(() => actions().then((module) => ({ default: module.CasePage })));
const InboxPage = lazy(() => actions().then((module) => ({ default: module.InboxPage })));
const FlagsPage = lazy(() => actions().then((module) => ({ default: module.FlagsPage })));
const ReportsPage = lazy(() => actions().then((module) => ({ default: module.ReportsPage })));
const triage = () => import("../triage/index.ts");
const TriageHomePage = lazy(() => triage().then((module) => ({ default: module.TriageHomePage })));
const TriageAddressPage = lazy(() => triage().then((module) => ({ default: module.TriageAddressPage })));
const TriageTransactionPage = lazy(() =>
  triage().then((module) => ({ default: module.TriageTransactionPage })),
);
const TriageResultsPage = lazy(() => triage().then((module) => ({ default: module.TriageResultsPage })));
const TriageHistoryPage = lazy(() => triage().then((module) => ({ default: module.TriageHistoryPage })));
const DetectorsPage = lazy(() => triage().then((module) => ({ default: module.DetectorsPage })));
const SearchResultsPage = lazy(() =>
  import("../results/index.ts").then((module) => ({ default: module.SearchResultsPage })),
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
    if (location === routes.signIn)
      return <Redirect to={safeNextPath(new URLSearchParams(search).get("next"))} replace />;
    return (
      <SignedInLayout view={view}>
        <Suspense fallback={<PageLoading />}>
          <Switch>
            <Route path={routes.home}>
              <HomePage view={view} />
            </Route>
            <Route path={routes.search}>
              <SearchResultsPage />
            </Route>
            <Route path={routes.address}>
              {(params) => (
                <AddressPage
                  key={`${params.chain}/${params.address}`}
                  chain={params.chain}
                  address={params.address}
                />
              )}
            </Route>
            <Route path={routes.transaction}>
              {(params) => (
                <TransactionPage
                  key={`${params.chain}/${params.hash}`}
                  chain={params.chain}
                  hash={params.hash}
                />
              )}
            </Route>
            <Route path={routes.transactionAnyChain}>
              {(params) => <TransactionAnyChainPage key={params.hash} hash={params.hash} />}
            </Route>
            <Route path={routes.entity}>{(params) => <EntityPage key={params.id} id={params.id} />}</Route>
            <Route path={routes.customEntity}>
              {(params) => <CustomEntityPage key={params.id} id={params.id} />}
            </Route>
            <Route path={routes.customEntities}>
              <CustomEntitiesPage />
            </Route>
            <Route path={routes.organizationSettings}>
              <OrganizationSettingsPage />
            </Route>
            <Route path={routes.preferences}>
              <PreferencesPage />
            </Route>
            <Route path={routes.operator}>
              <OperatorPage />
            </Route>
            <Route path={routes.refresh}>
              <RefreshPage />
            </Route>
            <Route path={routes.ip}>{(params) => <IpPage key={params.ip} ip={params.ip} />}</Route>
            <Route path={routes.workspaceCases}>
              <CasesPage />
            </Route>
            <Route path={routes.workspaceCase}>
              {(params) => <CasePage key={params.id} id={params.id} />}
            </Route>
            <Route path={routes.workspaceInbox}>
              <InboxPage />
            </Route>
            <Route path={routes.workspaceFlags}>
              <FlagsPage />
            </Route>
            <Route path={routes.workspaceReports}>
              <ReportsPage />
            </Route>
            <Route path={routes.graph}>
              <GraphPage />
            </Route>
            <Route path={routes.triageAddress}>
              {(params) => (
                <TriageAddressPage
                  key={`${params.chain}/${params.address}`}
                  chain={params.chain}
                  address={params.address}
                />
              )}
            </Route>
            <Route path={routes.triageTransaction}>
              {(params) => (
                <TriageTransactionPage
                  key={`${params.chain}/${params.hash}`}
                  chain={params.chain}
                  hash={params.hash}
                />
              )}
            </Route>
            <Route path={routes.triageResults}>
              <TriageResultsPage />
            </Route>
            <Route path={routes.triageHistory}>
              <TriageHistoryPage />
            </Route>
            <Route path={routes.triageDetectors}>
              <DetectorsPage />
            </Route>
            <Route path={routes.triageHome}>
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
