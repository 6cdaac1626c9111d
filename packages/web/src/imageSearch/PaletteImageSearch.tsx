import { useStore } from "@nanostores/react";
import { recognizeIdentifier } from "@sleuth/sdk";
import { type RefObject, useState } from "react";
import { useLocation } from "wouter";
import { runAction } from "../commands/commandRegistry.ts";
import { pathOfUrn } from "../navigation/routePaths.ts";
import { rememberOpenedSearch } from "../search/searchHistoryStore.ts";
import { useExcludedChains } from "../search/useExcludedChains.ts";
import { $signedIn } from "../session/sessionStore.ts";
import { ImageSearchPanel } from "./ImageSearchPanel.tsx";
import { takePastedImage } from "./pastedImage.ts";

/**
 * 002 §2 camera and image search in the global search popover (the palette): the identifiers found
 * open their explorer pages (the first chain each fits, excluded chains left out), as a picked
 * suggestion does, and are remembered in the search history.
 */
function PaletteImageSearch({
  initialFocusRef,
  camera,
}: {
  initialFocusRef: RefObject<HTMLButtonElement | null>;
  camera: boolean;
}) {
  const view = useStore($signedIn);
  const excludedChains = useExcludedChains();
  const [, navigate] = useLocation();
  const [initialFile] = useState(takePastedImage);
  const urnOf = (identifier: string) =>
    recognizeIdentifier(identifier, { recognizeInet: false, excludedChains })[0]?.urn ?? null;
  const pathOf = (identifier: string) => {
    const urn = urnOf(identifier);
    return urn === null ? null : pathOfUrn(urn);
  };
  return (
    <div className="sleuth-palette-image" data-testid="palette-image-search">
      <ImageSearchPanel
        aiFeatureFlag={view?.featureFlags.aiImageSearch ?? true}
        cameraEnabled={view?.featureFlags.triageCameraSearch ?? true}
        autoCamera={camera}
        initialFile={initialFile}
        chooseButtonRef={initialFocusRef}
        pathOf={pathOf}
        onOpen={(identifier, path) =>
          void runAction(identifier, () => {
            const urn = urnOf(identifier);
            if (urn !== null) rememberOpenedSearch(urn);
            navigate(path);
          })
        }
      />
    </div>
  );
}

export function PaletteUploadSearch({
  initialFocusRef,
}: {
  initialFocusRef: RefObject<HTMLButtonElement | null>;
}) {
  return <PaletteImageSearch initialFocusRef={initialFocusRef} camera={false} />;
}

export function PaletteCameraSearch({
  initialFocusRef,
}: {
  initialFocusRef: RefObject<HTMLButtonElement | null>;
}) {
  return <PaletteImageSearch initialFocusRef={initialFocusRef} camera />;
}
