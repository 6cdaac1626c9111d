import { customEntityUrn, truncateSearchTitle } from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { CustomEntityActions } from "../customEntities/CustomEntityActions.tsx";
import { customEntityPanes } from "../workspace/panes.ts";
import { SubjectWorkspace } from "../workspace/SubjectWorkspace.tsx";
import { AttributionTags } from "./AttributionTags.tsx";
import { DataPanel } from "./DataPanel.tsx";
import { explorerQueries } from "./explorerQueries.ts";
import { IdentifierHeader } from "./IdentifierHeader.tsx";
import { InvalidIdentifier } from "./InvalidIdentifier.tsx";
import { ActivityPanel } from "./MetricsList.tsx";
import { RiskBadge } from "./RiskBadge.tsx";
import { decodeSegment, urnOfSegment } from "./routeParams.ts";

/**
 * The custom entity page (`/custom-entity/:uuid`): its name and creator (from search, which answers
 * the caller's organization's custom entities only), its members' attribution and its metrics.
 */
export function CustomEntityPage({ id }: { id: string }) {
  const uuid = decodeSegment(id);
  const urn = urnOfSegment(customEntityUrn, uuid);
  if (urn === null)
    return <InvalidIdentifier message="This is not a custom entity identifier." value={uuid} />;
  return <CustomEntityDetails urn={urn} uuid={uuid} />;
}

function CustomEntityDetails({ urn, uuid }: { urn: string; uuid: string }) {
  const hit = useQuery(
    explorerQueries.exactHit("custom_entity", urn, (candidate) => candidate.entityUrn === urn),
  );
  const metrics = useQuery(explorerQueries.customEntityMetrics(urn));
  const attribution = useQuery(explorerQueries.entityAttribution(urn));
  const risk = useQuery(explorerQueries.customEntityRisk(urn));
  const name =
    hit.data?.name ?? (hit.isPending ? truncateSearchTitle(uuid, "creator") : "Custom entity not found");
  return (
    <div className="sleuth-page sleuth-subject-page" data-testid="custom-entity-page">
      <IdentifierHeader
        kind="Custom entity"
        identifier={name}
        shortIdentifier={name}
        monospace={false}
        badges={
          risk.data ? <RiskBadge level={risk.data.riskScoreLevel} label={risk.data.riskScoreLabel} /> : null
        }
      >
        {hit.data?.createdByUser ? (
          <p className="sleuth-muted">Created by {truncateSearchTitle(hit.data.createdByUser, "creator")}</p>
        ) : null}
        <CustomEntityActions uuid={uuid} />
      </IdentifierHeader>
      <SubjectWorkspace
        subject={{ kind: "custom-entity", urn, name }}
        panes={customEntityPanes}
        summary={
          <>
            <DataPanel title="Attribution" query={attribution}>
              {(data) => <AttributionTags tags={data?.tags ?? []} commandId="subject.tagDetails" />}
            </DataPanel>
            <ActivityPanel query={metrics} showAddressCount emptyText="No activity recorded." />
          </>
        }
      />
    </div>
  );
}
