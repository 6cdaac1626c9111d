import "./flows.css";
import { Button } from "@primer/react";
import {
  flowMessages,
  formatUtc,
  type IpAssociation,
  ipHostFlagLabels,
  pageSizes,
  utcDatePattern,
} from "@sleuth/sdk";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { DataPanel } from "../explorer/DataPanel.tsx";
import { ConfigurableTable } from "../tables/ConfigurableTable.tsx";
import type { Subject } from "../workspace/subjectPane.ts";
import { flowQueries } from "./flowQueries.ts";
import { SubjectLink } from "./SubjectLink.tsx";
import { useRowKeys } from "./useRowKeys.ts";

const group = "IPs";

function flagsOf(row: IpAssociation): string {
  const flags = ipHostFlagLabels(row);
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
            <ConfigurableTable
              table="ips"
              className="sleuth-flow-table"
              data-testid="ips-table"
              rows={data.rows}
              rowKey={(row) => row.ip}
              cells={{
                ip: (row) => <SubjectLink urn={row.entityUrn}>{row.ip}</SubjectLink>,
                country: (row) => row.country ?? "—",
                isp: (row) => row.isp ?? "—",
                flags: flagsOf,
                observations: (row) => row.totalObservations.toLocaleString("en-US"),
                addresses: (row) => row.numAssociatedAddresses.toLocaleString("en-US"),
                firstSeen: (row) => formatUtc(row.firstObservation, utcDatePattern),
                lastSeen: (row) => formatUtc(row.lastObservation, utcDatePattern),
              }}
            />
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
