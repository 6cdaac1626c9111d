import { Button, Flash, ProgressBar, Text } from "@primer/react";
import {
  imageInputAccept,
  imageProcessingStep,
  imageProcessingStepTexts,
  imageSearchAvailability,
  imageUploadMessages,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { forwardRef, type RefObject, useEffect, useImperativeHandle, useRef, useState } from "react";
import { sleuthClient } from "../session/sleuthClient.ts";
import { CameraCapture, type CameraControl } from "./CameraCapture.tsx";
import { ImageScanResults } from "./ImageScanResults.tsx";
import { imageFileOf } from "./imageFileOf.ts";
import { useImageScan } from "./useImageScan.ts";
import "./imageSearch.css";

export interface ImageSearchControl {
  /** Opens the file chooser (a hotkey's key press is the user activation it needs). */
  choose: () => void;
  openCamera: () => void;
}

/**
 * 002 §2/§4 search by image, in the triage home and the global search popover: choose, drop or paste
 * a jpeg, png, heic or webp image, or capture one camera frame; it uploads with progress, then steps
 * through reviewing, finding and validating (one second after 100 %, then every 12.5 s) until the
 * server answers the identifiers it read. 002 §6: gated by the AI preference and flag.
 */
export const ImageSearchPanel = forwardRef<
  ImageSearchControl,
  {
    aiFeatureFlag: boolean;
    /** 002 §6: camera search has its own flag. */
    cameraEnabled: boolean;
    /** The camera opens as the panel shows (the palette's camera command). */
    autoCamera?: boolean;
    /** A file to scan as the panel shows (pasted into the palette's search box). */
    initialFile?: File | null;
    pathOf: (identifier: string) => string | null;
    onOpen: (identifier: string, path: string) => void;
    hints?: { choose?: string; camera?: string };
    /** Whether a paste anywhere on the page is searched (off while the palette covers the page). */
    pasteEnabled?: boolean;
    chooseButtonRef?: RefObject<HTMLButtonElement | null>;
  }
>(function ImageSearchPanel(
  {
    aiFeatureFlag,
    cameraEnabled,
    autoCamera = false,
    initialFile = null,
    pathOf,
    onOpen,
    hints = {},
    pasteEnabled = true,
    chooseButtonRef,
  },
  ref,
) {
  const preferences = useQuery({
    queryKey: ["preferences"],
    queryFn: () => sleuthClient.preferences.list(),
    staleTime: 60_000,
  });
  const aiPreference = preferences.data?.find((preference) => preference.key === "ai-features");
  const availability = imageSearchAvailability({
    aiPreferenceEnabled: (aiPreference?.value as { enabled?: boolean } | undefined)?.enabled !== false,
    aiFeatureFlag,
  });
  const { state, progress, uploadedAt, identifiers, reads, problem, scan, send } = useImageScan();
  const [bannerOpen, setBannerOpen] = useState(true);
  const [now, setNow] = useState(Date.now());
  const inputRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<CameraControl>(null);
  const start = (file: File) => {
    setBannerOpen(true);
    void scan(file);
  };
  const startRef = useRef(start);
  startRef.current = start;

  useImperativeHandle(ref, () => ({
    choose: () => inputRef.current?.click(),
    openCamera: () => cameraRef.current?.open(),
  }));

  useEffect(() => {
    if (initialFile) startRef.current(initialFile);
  }, [initialFile]);

  // A pasted image (Ctrl+V of a screenshot) is searched wherever the focus is; pasted text is left alone.
  useEffect(() => {
    if (!pasteEnabled) return;
    const onPaste = (event: ClipboardEvent) => {
      const file = imageFileOf(event.clipboardData);
      if (file === null) return;
      event.preventDefault();
      startRef.current(file);
    };
    document.addEventListener("paste", onPaste);
    return () => document.removeEventListener("paste", onPaste);
  }, [pasteEnabled]);

  useEffect(() => {
    if (uploadedAt === null || state !== "processing") return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [uploadedAt, state]);

  if (availability === "hidden") return null;
  if (availability === "askAdmin")
    return (
      <section className="sleuth-image-search" aria-label="Search by image">
        <Text className="sleuth-muted">{imageUploadMessages.aiDisabled}</Text>
      </section>
    );

  const step = imageProcessingStep(uploadedAt === null ? 0 : now - uploadedAt);
  return (
    <section className="sleuth-image-search" aria-label="Search by image" data-state={state}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the button inside is the keyboard's way in. */}
      <div
        className="sleuth-image-drop"
        data-testid="image-drop"
        onPointerEnter={() => send({ type: "pointerEnter" })}
        onPointerLeave={() => send({ type: "pointerLeave" })}
        onDragEnter={(event) => {
          event.preventDefault();
          send({ type: "dragEnter" });
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={() => send({ type: "dragLeave" })}
        onDrop={(event) => {
          event.preventDefault();
          send({ type: "dragLeave" });
          const file = imageFileOf(event.dataTransfer);
          if (file) start(file);
        }}
      >
        <Text as="p">
          {state === "drag"
            ? "Drop the image to search it"
            : "Drop a screenshot or photo here, paste one (Ctrl+V), or"}
        </Text>
        <Button ref={chooseButtonRef} onClick={() => inputRef.current?.click()} data-testid="image-choose">
          Choose an image{hints.choose ? ` (${hints.choose})` : ""}
        </Button>
        <input
          ref={inputRef}
          type="file"
          hidden
          accept={imageInputAccept}
          aria-label="Search by image: choose a JPG, PNG, HEIC or WEBP image"
          data-testid="image-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) start(file);
          }}
        />
        <Text as="p" className="sleuth-muted">
          {imageUploadMessages.accepted}
        </Text>
      </div>
      {cameraEnabled ? (
        <CameraCapture ref={cameraRef} onCapture={start} autoOpen={autoCamera} hint={hints.camera} />
      ) : null}
      {state === "uploading" ? (
        <div role="status" data-testid="image-progress">
          <Text>Uploading… {Math.round(progress * 100)} %</Text>
          <ProgressBar progress={progress * 100} aria-label="Upload progress" />
        </div>
      ) : null}
      {state === "processing" ? (
        <Text as="p" role="status" data-testid="image-progress">
          {imageProcessingStepTexts[step]}
        </Text>
      ) : null}
      {problem ? (
        <Flash variant="danger" role="alert" data-testid="image-problem">
          {problem}
        </Flash>
      ) : null}
      {state === "noResults" && bannerOpen ? (
        <Flash variant="warning" role="status" data-testid="no-identifiers">
          {imageUploadMessages.noIdentifiersFound}{" "}
          <Button size="small" variant="invisible" onClick={() => setBannerOpen(false)}>
            Dismiss
          </Button>
        </Flash>
      ) : null}
      {state === "results" ? (
        <ImageScanResults identifiers={identifiers} reads={reads} pathOf={pathOf} onOpen={onOpen} />
      ) : null}
    </section>
  );
});
