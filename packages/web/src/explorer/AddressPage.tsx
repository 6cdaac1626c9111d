import { Label, Link as PrimerLink, Text } from "@primer/react";
import {
  addressPropertyTagsOf,
  chainInfo,
  checkTriageAddressRoute,
  displayAddress,
  parseUrn,
  type RiskIndicator,
  triageMessages,
  truncateSearchTitle,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { useHistoryState } from "wouter/use-browser-location";
import { SubjectActions } from "../actions/SubjectActions.tsx";
import { ShowMoreButton } from "../lists/ShowMoreButton.tsx";
import { listPageSize, useShowMore } from "../lists/useShowMore.ts";
import { addressPath } from "../navigation/routePaths.ts";
import { addressPanes } from "../workspace/panes.ts";
import { SubjectWorkspace } from "../workspace/SubjectWorkspace.tsx";
import { AttributionTags } from "./AttributionTags.tsx";
import { DataPanel } from "./DataPanel.tsx";
import { explorerQueries } from "./explorerQueries.ts";
import { IdentifierHeader } from "./IdentifierHeader.tsx";
import { InvalidIdentifier } from "./InvalidIdentifier.tsx";
import { ActivityPanel } from "./MetricsList.tsx";
import { CategoryRiskBadge, RiskBadge } from "./RiskBadge.tsx";
import { chainIdOfSegment, decodeSegment } from "./routeParams.ts";
import { WalletClusterPanel } from "./WalletClusterPanel.tsx";

interface SeveralMatchesState {
  searchCriteria?: string;
  searchResults?: { kind: string; chain: string | null; value: string; urn: string }[];
  searchType?: string;
}

/** 000 §2: a search that matched several chains carries them here; the others are offered as links. */
function OtherMatches({ urn }: { urn: string }) {
  const state = useHistoryState<SeveralMatchesState | null>();
  const others = (state?.searchResults ?? []).filter(
    (result) => result.urn !== urn && result.kind === "address" && result.chain,
  );
  if (!state?.searchCriteria || others.length === 0) return null;
  return (
    <Text as="p" className="sleuth-other-matches" data-testid="other-matches">
      ‘{state.searchCriteria}’ is also an address on{" "}
      {others.map((other, index) => {
        const parts = parseUrn(other.urn);
        if (parts?.kind !== "address") return null;
        return (
          <span key={other.urn}>
            {index > 0 ? ", " : null}
            <Link href={addressPath(parts.chain, parts.address)} state={state} asChild>
              <PrimerLink>{chainInfo(parts.chain).name}</PrimerLink>
            </Link>
          </span>
        );
      })}
      .
    </Text>
  );
}

function RiskIndicatorList({ indicators }: { indicators: readonly RiskIndicator[] }) {
  const more = useShowMore(indicators, { pageSize: listPageSize });
  if (indicators.length === 0) return <p className="sleuth-muted">No risk indicators.</p>;
  return (
    <>
      <div ref={more.containerRef}>
        <ul className="sleuth-risk-list">
          {more.visible.map((indicator) => (
            <li key={`${indicator.riskType}:${indicator.category}`} data-show-more-item="">
              <CategoryRiskBadge categoryRiskScoreLevel={indicator.categoryRiskScoreLevel} />{" "}
              {indicator.category} <span className="sleuth-muted">({indicator.riskType})</span>
            </li>
          ))}
        </ul>
      </div>
      <ShowMoreButton more={more} noun="risk indicators" />
    </>
  );
}

/** The address page (000 §2, `/address/:chain/:address`): header, then the workspace of its panes. */
export function AddressPage({ chain, address }: { chain: string; address: string }) {
  const check = checkTriageAddressRoute({ chain: chainIdOfSegment(chain), address: decodeSegment(address) });
  if (!check.ok) return <InvalidIdentifier message={check.message} value={decodeSegment(address)} />;
  return <AddressDetails chain={check.value.chain} address={check.value.address} urn={check.value.urn} />;
}

function AddressDetails({
  chain,
  address,
  urn,
}: {
  chain: Parameters<typeof displayAddress>[0];
  address: string;
  urn: string;
}) {
  const shown = displayAddress(chain, address);
  const metrics = useQuery(explorerQueries.addressMetrics(urn));
  const risk = useQuery(explorerQueries.addressRisk(urn));
  const attribution = useQuery(explorerQueries.addressAttribution(urn));
  // 001 §3 property tags beside the risk; a failed load leaves them out (the page reads fine without).
  const properties = useQuery(explorerQueries.addressProperties(chain, address));
  return (
    <div className="sleuth-page sleuth-subject-page" data-testid="address-page">
      <IdentifierHeader
        kind="Address"
        identifier={shown}
        shortIdentifier={truncateSearchTitle(shown, "address")}
        chain={chain}
        badges={
          <>
            {risk.data ? (
              <RiskBadge level={risk.data.riskScoreLevel} label={risk.data.riskScoreLabel} />
            ) : null}
            {addressPropertyTagsOf(properties.data ?? []).map((tag) => (
              <Label key={tag} variant="secondary" data-testid="address-property-tag">
                {tag}
              </Label>
            ))}
          </>
        }
      >
        <OtherMatches urn={urn} />
      </IdentifierHeader>
      <SubjectActions subject={{ urn, label: truncateSearchTitle(shown, "address"), kind: "address" }} />
      <SubjectWorkspace
        subject={{ kind: "address", urn, chain, address }}
        panes={addressPanes}
        summary={
          <>
            <DataPanel title="Attribution" query={attribution}>
              {(data) => <AttributionTags tags={data?.tags ?? []} commandId="subject.tagDetails" />}
            </DataPanel>
            <WalletClusterPanel addressTags={attribution.data?.tags ?? []} />
            <ActivityPanel query={metrics} showAddressCount={false} emptyText={triageMessages.noActivity} />
            <DataPanel title="Risk indicators" query={risk}>
              {(data) => <RiskIndicatorList indicators={data?.riskIndicators ?? []} />}
            </DataPanel>
          </>
        }
      />
    </div>
  );
}
