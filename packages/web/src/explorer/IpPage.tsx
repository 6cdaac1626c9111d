import { Label } from "@primer/react";
import {
  countText,
  dateText,
  type InetHit,
  ipHostFlags,
  normalizeIpAddress,
  textOrMissing,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { DataPanel } from "./DataPanel.tsx";
import { DetailsList } from "./DetailsList.tsx";
import { explorerQueries } from "./explorerQueries.ts";
import { IdentifierHeader } from "./IdentifierHeader.tsx";
import { InvalidIdentifier } from "./InvalidIdentifier.tsx";
import { decodeSegment } from "./routeParams.ts";

function IpDetails({ hit }: { hit: InetHit }) {
  const entries: [string, string][] = [
    ["Associated addresses", countText(hit.numAssociatedAddresses)],
    ["Observations", countText(hit.totalObservations)],
    ["First observed", dateText(hit.firstObservation)],
    ["Last observed", dateText(hit.lastObservation)],
    ["Country", textOrMissing(hit.country)],
    ["ISP", textOrMissing(hit.isp)],
  ];
  return <DetailsList entries={entries} testId="ip-details" />;
}

/** The block explorer's IP page (000 §2 IP observations, `/ip/:ip`). */
export function IpPage({ ip }: { ip: string }) {
  const text = decodeSegment(ip);
  const canonical = normalizeIpAddress(text);
  if (canonical === null) return <InvalidIdentifier message="This is not an IP address." value={text} />;
  return <IpObservations ip={canonical} />;
}

function IpObservations({ ip }: { ip: string }) {
  const hit = useQuery(explorerQueries.exactHit("inet", ip, (candidate) => candidate.ip === ip));
  return (
    <div className="sleuth-page" data-testid="ip-page">
      <IdentifierHeader
        kind="IP address"
        identifier={ip}
        shortIdentifier={ip}
        badges={ipHostFlags.map(({ field, label, severity }) =>
          hit.data?.[field] ? (
            <Label key={field} size="large" variant={severity}>
              {label}
            </Label>
          ) : null,
        )}
      />
      <DataPanel title="Observations" query={hit}>
        {(data) =>
          data ? (
            <IpDetails hit={data} />
          ) : (
            <p className="sleuth-muted">This IP address was never observed.</p>
          )
        }
      </DataPanel>
    </div>
  );
}
