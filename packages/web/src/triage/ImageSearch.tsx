import { useStore } from "@nanostores/react";
import { useRef } from "react";
import { useLocation } from "wouter";
import { $palette } from "../commands/commandRegistry.ts";
import { useCommands } from "../commands/useCommands.ts";
import { type ImageSearchControl, ImageSearchPanel } from "../imageSearch/ImageSearchPanel.tsx";
import { triagePathOfIdentifier } from "./triageNavigation.ts";

/**
 * 002 §2 the triage home's search by image: the shared panel, whose results open triage pages. Its
 * two commands (i: choose an image, t c: the camera) are in the palette while the page shows.
 */
export function ImageSearch({
  aiFeatureFlag,
  cameraEnabled,
}: {
  aiFeatureFlag: boolean;
  cameraEnabled: boolean;
}) {
  const control = useRef<ImageSearchControl>(null);
  const [, navigate] = useLocation();
  const paletteOpen = useStore($palette).open;
  useCommands([
    {
      id: "triage.imageSearch",
      title: "Triage: search by image (choose a file)",
      group: "Triage",
      keys: "i",
      keywords: ["upload", "screenshot", "photo", "ocr", "qr"],
      run: () => control.current?.choose(),
    },
    ...(cameraEnabled
      ? [
          {
            id: "triage.cameraSearch",
            title: "Triage: search with the camera",
            group: "Triage",
            keys: "t c",
            outranksSingleKey: true,
            keywords: ["webcam", "photo", "qr"],
            run: () => control.current?.openCamera(),
          },
        ]
      : []),
  ]);
  return (
    <ImageSearchPanel
      ref={control}
      aiFeatureFlag={aiFeatureFlag}
      cameraEnabled={cameraEnabled}
      pathOf={triagePathOfIdentifier}
      onOpen={(_identifier, path) => navigate(path)}
      hints={{ choose: "i", camera: "t c" }}
      pasteEnabled={!paletteOpen}
    />
  );
}
