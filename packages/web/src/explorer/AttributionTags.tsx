import { Label, Link as PrimerLink } from "@primer/react";
import { type AttributionTag, parseUrn, tagList, truncateTag } from "@sleuth/sdk";
import { Link } from "wouter";
import { ShowMoreButton } from "../lists/ShowMoreButton.tsx";
import { useShowMore } from "../lists/useShowMore.ts";
import { pathOfUrn } from "../navigation/routePaths.ts";

/** Attribution tags (000 §3): entity and category, each entity linked to its page; 10 more at a time. */
export function AttributionTags({ tags }: { tags: readonly AttributionTag[] }) {
  const more = useShowMore(tags, { pageSize: tagList.showMorePageSize });
  if (tags.length === 0) return <p className="sleuth-muted">No attribution.</p>;
  return (
    <div className="sleuth-tags">
      <div ref={more.containerRef}>
        <ul className="sleuth-tag-list" aria-label="Attribution tags">
          {more.visible.map((tag) => {
            const path = tag.entityUrn && parseUrn(tag.entityUrn) ? pathOfUrn(tag.entityUrn) : null;
            // A behavioural signature on an unattributed address names no entity (000 §3).
            const name = tag.entity ?? tag.signatureName ?? tag.category;
            return (
              <li
                key={`${tag.entityUrn}:${tag.categoryId}:${tag.signatureId ?? ""}`}
                className="sleuth-tag"
                data-show-more-item=""
              >
                {path ? (
                  <PrimerLink as={Link} href={path} title={name}>
                    {truncateTag(name)}
                  </PrimerLink>
                ) : (
                  <span title={name}>{truncateTag(name)}</span>
                )}
                <Label variant="secondary">{tag.category}</Label>
                {tag.tagType === "behavioral_signature" && tag.signatureName ? (
                  <Label variant="attention" title={tag.signatureDescription ?? undefined}>
                    {tag.signatureName}
                  </Label>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
      <ShowMoreButton more={more} noun="attribution tags" />
    </div>
  );
}
