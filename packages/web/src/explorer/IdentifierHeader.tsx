import { Label, VisuallyHidden } from "@primer/react";
import { type ChainId, chainInfo } from "@sleuth/sdk";
import type { ReactNode } from "react";
import { CopyButton } from "./CopyButton.tsx";
import { usePageHeading } from "./usePageHeading.ts";
import "./explorer.css";

/**
 * The header of an address, transaction, entity or IP page (002 §2): the shortened identifier (its
 * full text for screen readers and as a tooltip), a copy button, the chain and the risk badge.
 */
export function IdentifierHeader({
  kind,
  identifier,
  shortIdentifier,
  monospace = true,
  chain,
  badges,
  children,
}: {
  kind: string;
  identifier: string;
  shortIdentifier: string;
  monospace?: boolean;
  chain?: ChainId | null;
  badges?: ReactNode;
  children?: ReactNode;
}) {
  const headingRef = usePageHeading(identifier);
  return (
    <header className="sleuth-identifier-header">
      <p className="sleuth-eyebrow">{kind}</p>
      <div className="sleuth-identifier-row">
        <h1
          ref={headingRef}
          tabIndex={-1}
          title={identifier}
          className={`sleuth-identifier-title${monospace ? " sleuth-mono" : ""}`}
        >
          {shortIdentifier === identifier ? (
            identifier
          ) : (
            <>
              <span aria-hidden>{shortIdentifier}</span>
              <VisuallyHidden>{identifier}</VisuallyHidden>
            </>
          )}
        </h1>
        <CopyButton value={identifier} what={kind} />
      </div>
      <div className="sleuth-identifier-meta">
        {chain ? (
          <Label size="large" variant="secondary" data-testid="chain">
            {chainInfo(chain).name}
          </Label>
        ) : null}
        {badges}
      </div>
      {children}
    </header>
  );
}
