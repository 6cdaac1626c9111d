import { Label, Link as PrimerLink } from "@primer/react";
import { type AttributionTag, parseUrn, showMorePage, truncateTag } from "@sleuth/sdk";
import { useState } from "react";
import { Link } from "wouter";
import { pathOfUrn } from "../navigation/index.ts";

/** Attribution tags (000 §3): entity and category, each entity linked to its page; 10 more at a time. */
export function AttributionTags({ tags }: { tags: readonly AttributionTag[] }) {
  const [pages, setPages] = useState(1);
  if (tags.length === 0) return <p className="sleuth-muted">No attribution.</p>;
  const { visible, hiddenCount } = showMorePage(tags, pages);
  return (
    <div className="sleuth-tags">
      <ul className="sleuth-tag-list" aria-label="Attribution tags">
        {visible.map((tag) => {
          const path = tag.entityUrn && parseUrn(tag.entityUrn) ? pathOfUrn(tag.entityUrn) : null;
          // A behavioural signature on an unattributed address names no entity (000 §3).
          const name = tag.entity ?? tag.signatureName ?? tag.category;
          return (
            <li key={`${tag.entityUrn}:${tag.categoryId}:${tag.signatureId ?? ""}`} className="sleuth-tag">
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
      {hiddenCount > 0 ? (
        <button type="button" className="sleuth-link-button" onClick={() => setPages(pages + 1)}>
          Show more ({hiddenCount})
        </button>
      ) : null}
    </div>
  );
}
