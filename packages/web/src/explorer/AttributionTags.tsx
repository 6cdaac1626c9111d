import { AnchoredOverlay, Label, Link as PrimerLink } from "@primer/react";
import { type AttributionTag, attributionTagDetails, parseUrn, tagList, truncateTag } from "@sleuth/sdk";
import { useRef, useState } from "react";
import { Link } from "wouter";
import { useCommands } from "../commands/useCommands.ts";
import { ShowMoreButton } from "../lists/ShowMoreButton.tsx";
import { useShowMore } from "../lists/useShowMore.ts";
import { pathOfUrn } from "../navigation/routePaths.ts";

const tagKey = (tag: AttributionTag) => `${tag.entityUrn}:${tag.categoryId}:${tag.signatureId ?? ""}`;

/**
 * 000 §2 tag popover: the tag's category label is a button; Enter (or a click) opens what the tag
 * rests on (category, source, confidence), Escape closes it and gives the focus back.
 */
export function TagPopover({
  tag,
  name,
  open,
  onOpenChange,
}: {
  tag: AttributionTag;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const content = useRef<HTMLDivElement>(null);
  return (
    <AnchoredOverlay
      open={open}
      onOpen={() => onOpenChange(true)}
      onClose={() => onOpenChange(false)}
      renderAnchor={(props) => (
        <button
          type="button"
          {...props}
          className="sleuth-tag-button"
          aria-label={`${tag.category}: details of the ${name} tag`}
          data-tag-popover-anchor=""
        >
          <Label variant="secondary">{tag.category}</Label>
        </button>
      )}
      overlayProps={{ role: "dialog", "aria-label": `${name} tag`, "aria-modal": false }}
      focusZoneSettings={{ disabled: true }}
      focusTrapSettings={{ initialFocusRef: content }}
      width="medium"
    >
      <div className="sleuth-tag-popover" data-testid="tag-popover" ref={content} tabIndex={-1}>
        <p className="sleuth-tag-popover-title">{name}</p>
        <dl>
          {attributionTagDetails(tag).map((detail) => (
            <div key={detail.label}>
              <dt>{detail.label}</dt>
              <dd>{detail.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </AnchoredOverlay>
  );
}

/** The name a tag shows: its entity, else (a behavioural signature, 000 §3) the signature or category. */
export const tagName = (tag: AttributionTag) => tag.entity ?? tag.signatureName ?? tag.category;

/** A tag popover in a table row (000 §2), holding its own open state; the tag's name is the row's. */
export function RowTagPopover({ tag }: { tag: AttributionTag }) {
  const [open, setOpen] = useState(false);
  return (
    <TagPopover
      tag={tag}
      name={tag.entity ?? tag.signatureName ?? tag.category}
      open={open}
      onOpenChange={setOpen}
    />
  );
}

/**
 * Attribution tags (000 §3): entity and category, each entity linked to its page; 10 more at a time.
 * With `commandId`, the page's palette and hotkey `a t` open the first tag's popover (one list per
 * page gives it: the subject's own attribution).
 */
export function AttributionTags({
  tags,
  commandId,
}: {
  tags: readonly AttributionTag[];
  commandId?: string;
}) {
  const more = useShowMore(tags, { pageSize: tagList.showMorePageSize });
  const [openKey, setOpenKey] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const first = tags[0];
  useCommands(
    commandId && first
      ? [
          {
            id: commandId,
            title: "Show the attribution tag's details",
            group: "Act on this page",
            keys: "a t",
            keywords: ["tag", "popover", "source", "confidence", "category"],
            run: () => {
              listRef.current?.querySelector<HTMLElement>("[data-tag-popover-anchor]")?.focus();
              setOpenKey(tagKey(first));
            },
          },
        ]
      : [],
  );
  if (tags.length === 0) return <p className="sleuth-muted">No attribution.</p>;
  return (
    <div className="sleuth-tags">
      <div ref={more.containerRef}>
        <ul className="sleuth-tag-list" aria-label="Attribution tags" ref={listRef}>
          {more.visible.map((tag) => {
            const path = tag.entityUrn && parseUrn(tag.entityUrn) ? pathOfUrn(tag.entityUrn) : null;
            // A behavioural signature on an unattributed address names no entity (000 §3).
            const name = tagName(tag);
            const key = tagKey(tag);
            return (
              <li key={key} className="sleuth-tag" data-show-more-item="">
                {path ? (
                  <PrimerLink as={Link} href={path} title={name}>
                    {truncateTag(name)}
                  </PrimerLink>
                ) : (
                  <span title={name}>{truncateTag(name)}</span>
                )}
                <TagPopover
                  tag={tag}
                  name={name}
                  open={openKey === key}
                  onOpenChange={(open) => setOpenKey(open ? key : null)}
                />
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
