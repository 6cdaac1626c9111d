import { Label, Text } from "@primer/react";
import { type ImageScanRead, imageScanReadIsDoubtful, imageScanReadLabel } from "@sleuth/sdk";
import { type KeyboardEvent, useEffect, useRef } from "react";

/**
 * The identifiers a scan found (002 §2), each a link to its subject with how it was read (issue 42:
 * text or QR code, exact, corrected or confirmed by stored chain data), so a corrected read is
 * checked against the image before anyone acts on it. The first row takes the focus when they arrive: Enter opens it, the arrows move.
 */
export function ImageScanResults({
  identifiers,
  reads,
  pathOf,
  onOpen,
}: {
  identifiers: readonly string[];
  reads: readonly ImageScanRead[] | null;
  pathOf: (identifier: string) => string | null;
  onOpen: (identifier: string, path: string) => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (identifiers.length > 0) listRef.current?.querySelector<HTMLElement>("a")?.focus();
  }, [identifiers]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const links = [...(listRef.current?.querySelectorAll<HTMLElement>("a") ?? [])];
    const at = links.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    event.preventDefault();
    const next = event.key === "ArrowDown" ? Math.min(at + 1, links.length - 1) : Math.max(at - 1, 0);
    links[next]?.focus();
  };

  return (
    <div className="sleuth-image-results">
      <Text as="p" id="image-results-heading">
        Identifiers found in the image:
      </Text>
      <ul
        ref={listRef}
        className="sleuth-image-identifiers"
        data-testid="image-identifiers"
        aria-labelledby="image-results-heading"
        onKeyDown={onKeyDown}
      >
        {identifiers.map((identifier) => {
          const path = pathOf(identifier);
          const read = reads?.find((candidate) => candidate.identifier === identifier);
          const doubtful = read !== undefined && imageScanReadIsDoubtful(read);
          return (
            <li
              key={identifier}
              className="sleuth-break"
              data-reading={read?.reading}
              data-source={read?.source}
            >
              {path ? (
                <a
                  href={path}
                  className="sleuth-mono"
                  onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                    event.preventDefault();
                    onOpen(identifier, path);
                  }}
                >
                  {identifier}
                </a>
              ) : (
                <span className="sleuth-mono">{identifier}</span>
              )}
              {read ? " " : null}
              {read ? (
                <Label variant={doubtful ? "attention" : "secondary"} className="sleuth-image-read">
                  {imageScanReadLabel(read)}
                </Label>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
