import { Button } from "@primer/react";
import { flowMessages, formatUtc, type IpAssociation, pageSizes, utcDatePattern } from "@sleuth/sdk";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { DataPanel } from "../explorer/DataPanel.tsx";
import type { Subject } from "../workspace/index.ts";
import { flowQueries } from "./flowQueries.ts";
import { SubjectLink } from "./SubjectLink.tsx";
import { useRowKeys } from "./useRowKeys.ts";

const group = "IPs";

function flagsOf(row: IpAssociation): string {
  const flags = [
    row.isVpn && "VPN",
    row.isTor && "Tor",
    row.isProxy && "Proxy",
    row.isMalware && "Malware",
    row.isSpyware && "Spyware",
  ].filter(Boolean);
  return flags.length === 0 ? "—" : flags.join(", ");
}

/** 002 §3 IP associations of an address, 10 at a time (000 §9), each one Enter from its IP page. */
export function IpsPane({ subject }: { subject: Subject }) {
  const [pages, setPages] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new subject starts on its first page.
  useEffect(() => setPages(1), [subject.urn]);
  const query = useQuery({ ...flowQueries.ips(subject.urn, pages), placeholderData: keepPreviousData });
  useRowKeys(group);
  return (
    <DataPanel title="IP addresses" query={query} failedMessage={flowMessages.inetObservationsFailed}>
      {(data) =>
        data.rows.length === 0 ? (
          <p className="sleuth-pane-empty">{flowMessages.noIps}</p>
        ) : (
          <>
            <table className="sleuth-flow-table" data-testid="ips-table">
              <thead>
                <tr>
                  <th scope="col">IP</th>
                  <th scope="col">Country</th>
                  <th scope="col">ISP</th>
                  <th scope="col">Flags</th>
                  <th scope="col" className="sleuth-num">
                    Observations
                  </th>
                  <th scope="col" className="sleuth-num">
                    Addresses
                  </th>
                  <th scope="col">First seen</th>
                  <th scope="col">Last seen</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.ip}>
                    <td>
                      <SubjectLink urn={row.entityUrn}>{row.ip}</SubjectLink>
                    </td>
                    <td>{row.country ?? "—"}</td>
                    <td>{row.isp ?? "—"}</td>
                    <td>{flagsOf(row)}</td>
                    <td className="sleuth-num">{row.totalObservations.toLocaleString("en-US")}</td>
                    <td className="sleuth-num">{row.numAssociatedAddresses.toLocaleString("en-US")}</td>
                    <td>{formatUtc(row.firstObservation, utcDatePattern)}</td>
                    <td>{formatUtc(row.lastObservation, utcDatePattern)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {data.count > data.rows.length ? (
              <div className="sleuth-pane-pager">
                <Button size="small" onClick={() => setPages(pages + 1)} loading={query.isFetching}>
                  Show {Math.min(pageSizes.ipObservations, data.count - data.rows.length)} more
                </Button>
                <span>
                  Showing {data.rows.length} of {data.count}
                </span>
              </div>
            ) : null}
          </>
        )
      }
    </DataPanel>
  );
}
