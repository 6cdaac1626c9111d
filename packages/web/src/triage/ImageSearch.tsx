import { Button, Flash, ProgressBar, Text } from "@primer/react";
import {
  type ImageScanRead,
  type ImageUploadState,
  imageInputAccept,
  imageProcessingStep,
  imageScanReadLabel,
  imageSearchAvailability,
  imageUploadMessages,
  isAcceptedImageFile,
  nextImageUploadState,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { useHotkey } from "../keyboard/useHotkey.ts";
import { announce } from "../messages/messageStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { CameraSearch } from "./CameraSearch.tsx";
import { triagePathOfIdentifier } from "./triageNavigation.ts";

const stepTexts = {
  uploaded: "Uploaded",
  reviewing: "Reviewing the image…",
  finding: "Finding identifiers…",
  validating: "Validating identifiers…",
} as const;

/**
 * 002 §2/§4 search by image: pick or drop a jpeg, png, heic or webp image; it uploads with progress,
 * then processing (one second after 100 %) steps through reviewing, finding and validating every
 * 12.5 s until the server answers the identifiers it read. 002 §6: gated by the AI preference.
 */
export function ImageSearch({
  aiFeatureFlag,
  cameraEnabled,
}: {
  aiFeatureFlag: boolean;
  /** 002 §6: camera search has its own triage flag. */
  cameraEnabled: boolean;
}) {
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
  const [state, setState] = useState<ImageUploadState>("idle");
  const [progress, setProgress] = useState(0);
  const [uploadedAt, setUploadedAt] = useState<number | null>(null);
  const [now, setNow] = useState(Date.now());
  const [identifiers, setIdentifiers] = useState<string[]>([]);
  const [reads, setReads] = useState<ImageScanRead[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [bannerOpen, setBannerOpen] = useState(true);
  const inputRef = useRef<HTMLInputElement>(null);
  const send = (event: Parameters<typeof nextImageUploadState>[1]) =>
    setState((current) => nextImageUploadState(current, event));

  useHotkey({
    id: "triage.imageSearch",
    keys: "i",
    description: "Search by image",
    group: "Triage",
    run: () => inputRef.current?.click(),
  });

  useEffect(() => {
    if (uploadedAt === null || state !== "processing") return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [uploadedAt, state]);

  const upload = async (file: File) => {
    setProblem(null);
    if (!isAcceptedImageFile(file)) {
      setProblem(imageUploadMessages.invalidFileType);
      return;
    }
    setBannerOpen(true);
    setProgress(0);
    setUploadedAt(null);
    send({ type: "fileAccepted" });
    try {
      const { identifiers: found, reads: howRead } = await sleuthClient.triage.readImage(file, file.name, {
        onProgress: (fraction) => {
          setProgress(fraction);
          if (fraction >= 1) {
            setUploadedAt((at) => at ?? Date.now());
            send({ type: "uploadComplete" });
          }
        },
      });
      send({ type: "uploadComplete" });
      setIdentifiers(found);
      setReads(howRead);
      send({ type: "scanned", identifiers: found });
      announce(
        found.length > 0
          ? `${found.length} identifiers found in the image`
          : imageUploadMessages.noIdentifiersFound,
      );
    } catch (error) {
      setProblem(
        error instanceof Error && /AI/.test(error.message) ? error.message : imageUploadMessages.uploadFailed,
      );
      send({ type: "failed" });
    }
  };

  if (availability === "hidden") return null;
  if (availability === "askAdmin")
    return (
      <section className="sleuth-triage-image" aria-label="Search by image">
        <Text className="sleuth-muted">{imageUploadMessages.aiDisabled}</Text>
      </section>
    );

  const elapsed = uploadedAt === null ? 0 : now - uploadedAt;
  const step = imageProcessingStep(elapsed);
  return (
    <section className="sleuth-triage-image" aria-label="Search by image" data-state={state}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the file input inside is the keyboard's way in. */}
      <div
        className="sleuth-triage-drop"
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
          const file = event.dataTransfer.files[0];
          if (file) void upload(file);
        }}
      >
        <Text as="p">
          {state === "drag" ? "Drop the image to search it" : "Drop a screenshot or photo here, or"}
        </Text>
        <label className="sleuth-triage-file">
          <span>Choose an image (i)</span>
          <input
            ref={inputRef}
            type="file"
            accept={imageInputAccept}
            aria-label="Search by image: choose a JPG, PNG, HEIC or WEBP image"
            data-testid="image-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void upload(file);
            }}
          />
        </label>
      </div>
      {cameraEnabled ? <CameraSearch onCapture={(image) => void upload(image)} /> : null}
      {state === "uploading" ? (
        <div role="status">
          <Text>Uploading… {Math.round(progress * 100)} %</Text>
          <ProgressBar progress={progress * 100} aria-label="Upload progress" />
        </div>
      ) : null}
      {state === "processing" ? (
        <Text as="p" role="status">
          {stepTexts[step]}
        </Text>
      ) : null}
      {problem ? (
        <Flash variant="danger" role="alert">
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
        <div>
          <Text as="p">Identifiers found in the image:</Text>
          <ul className="sleuth-triage-identifiers" data-testid="image-identifiers">
            {identifiers.map((identifier) => {
              const path = triagePathOfIdentifier(identifier);
              const read = reads?.find((candidate) => candidate.identifier === identifier);
              return (
                <li key={identifier} className="sleuth-break">
                  {path ? <Link href={path}>{identifier}</Link> : identifier}
                  {/* Issue 42: how it was read, so a corrected read is checked against the image. */}
                  {read ? <Text className="sleuth-muted"> ({imageScanReadLabel(read)})</Text> : null}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
