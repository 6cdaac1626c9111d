import { useStore } from "@nanostores/react";
import { type AttributionTag, countText, walletClusterEntityUrn } from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { $signedIn } from "../session/sessionStore.ts";
import { AttributionTags } from "./AttributionTags.tsx";
import { DataPanel } from "./DataPanel.tsx";
import { explorerQueries } from "./explorerQueries.ts";

/**
 * 000 §6 wallet-cluster tags, while their feature flag is on: the tags of the cluster the address
 * belongs to (its owner's addresses) and how many addresses the cluster holds. Nothing for an
 * address no entity owns.
 */
export function WalletClusterPanel({ addressTags }: { addressTags: readonly AttributionTag[] }) {
  const flag = useStore($signedIn)?.featureFlags.walletClusterTags === true;
  const cluster = walletClusterEntityUrn(addressTags, flag);
  if (!cluster) return null;
  return <WalletCluster entityUrn={cluster} />;
}

function WalletCluster({ entityUrn }: { entityUrn: string }) {
  const attribution = useQuery(explorerQueries.entityAttribution(entityUrn));
  const statistics = useQuery(explorerQueries.entityStatistics(entityUrn));
  return (
    <DataPanel title="Wallet cluster" query={attribution}>
      {(data) => (
        <div data-testid="wallet-cluster">
          {statistics.data ? (
            <p className="sleuth-muted">
              {countText(statistics.data.addressCount)}{" "}
              {statistics.data.addressCount === 1 ? "address" : "addresses"} in this cluster
            </p>
          ) : null}
          <AttributionTags tags={data?.tags ?? []} />
        </div>
      )}
    </DataPanel>
  );
}
