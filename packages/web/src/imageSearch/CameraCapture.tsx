import { Button, Flash, Text } from "@primer/react";
import { cameraSearchOpenDelayMs, imageUploadMessages } from "@sleuth/sdk";
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from "react";
import { announce } from "../messages/messageStore.ts";

export type CameraState = "closed" | "opening" | "open" | "noCamera" | "denied" | "failed";

export interface CameraControl {
  open: () => void;
}

const problemText = {
  noCamera: imageUploadMessages.noCamera,
  denied: imageUploadMessages.cameraDenied,
  failed: imageUploadMessages.cameraFailed,
} as const;

/** Why getUserMedia failed, in the three cases a person can act on differently. */
function cameraProblem(error: unknown): "noCamera" | "denied" | "failed" {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "noCamera";
  return "failed";
}

/**
 * 002 §2 / §9 camera search: opens 200 ms after it is asked for, shows the camera's picture
 * (getUserMedia) and hands one captured frame, as a PNG, to the same scan as an upload. Without a
 * camera, without permission, or with a camera another app holds, it says which.
 */
export const CameraCapture = forwardRef<
  CameraControl,
  { onCapture: (image: File) => void; autoOpen?: boolean; hint?: string }
>(function CameraCapture({ onCapture, autoOpen = false, hint }, ref) {
  const [state, setState] = useState<CameraState>(autoOpen ? "opening" : "closed");
  const [ready, setReady] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const captureRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  const stop = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    setReady(false);
  }, []);
  // Leaving the page or the palette turns the camera off.
  useEffect(() => stop, [stop]);

  const open = useCallback(() => setState((current) => (current === "open" ? current : "opening")), []);
  useImperativeHandle(ref, () => ({ open }), [open]);

  useEffect(() => {
    if (state !== "opening") return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      const devices = navigator.mediaDevices;
      if (!devices?.getUserMedia) {
        setState("noCamera");
        return;
      }
      try {
        // No video input at all (a desktop without a webcam): say so at once rather than wait on a
        // permission prompt for a camera that is not there.
        const inputs = await devices.enumerateDevices();
        if (!inputs.some((device) => device.kind === "videoinput")) {
          if (!cancelled) setState("noCamera");
          return;
        }
        const stream = await devices.getUserMedia({ video: true, audio: false });
        if (cancelled) {
          for (const track of stream.getTracks()) track.stop();
          return;
        }
        streamRef.current = stream;
        setState("open");
      } catch (error) {
        if (!cancelled) setState(cameraProblem(error));
      }
    }, cameraSearchOpenDelayMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [state]);

  useEffect(() => {
    if (state === "open" && videoRef.current && streamRef.current) {
      videoRef.current.srcObject = streamRef.current;
      void videoRef.current.play().catch(() => undefined);
    }
    if (state === "noCamera" || state === "denied" || state === "failed") {
      announce(problemText[state]);
      closeRef.current?.focus();
    }
  }, [state]);
  // The capture button takes the focus once the picture shows: Enter then captures what is seen.
  useEffect(() => {
    if (ready) captureRef.current?.focus();
  }, [ready]);

  const close = () => {
    stop();
    setState("closed");
  };

  const capture = () => {
    const video = videoRef.current;
    if (!video || video.videoWidth === 0) return;
    const canvas = document.createElement("canvas");
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext("2d")?.drawImage(video, 0, 0);
    canvas.toBlob((blob) => {
      if (!blob) return;
      close();
      onCapture(new File([blob], "camera.png", { type: "image/png" }));
    }, "image/png");
  };

  return (
    <div className="sleuth-image-camera" data-camera={state}>
      {state === "closed" ? (
        <Button onClick={open} data-testid="camera-search">
          Search with camera{hint ? ` (${hint})` : ""}
        </Button>
      ) : null}
      {state === "opening" ? (
        <Text as="p" role="status" data-testid="camera-opening">
          Opening the camera…
        </Text>
      ) : null}
      {state === "open" ? (
        <section aria-label="Camera" className="sleuth-image-camera-view" data-testid="camera-popover">
          <video
            ref={videoRef}
            muted
            playsInline
            width={480}
            aria-label="Camera picture"
            onLoadedData={() => setReady(true)}
          />
          <div className="sleuth-action-buttons">
            <Button ref={captureRef} variant="primary" onClick={capture} disabled={!ready}>
              {ready ? "Capture and search" : "Waiting for the picture…"}
            </Button>
            <Button ref={closeRef} onClick={close}>
              Close camera
            </Button>
          </div>
        </section>
      ) : null}
      {state === "noCamera" || state === "denied" || state === "failed" ? (
        <Flash variant="warning" role="alert" data-testid="camera-popover" data-problem={state}>
          {problemText[state]}{" "}
          <Button ref={closeRef} size="small" variant="invisible" onClick={close}>
            Dismiss
          </Button>
        </Flash>
      ) : null}
    </div>
  );
});
