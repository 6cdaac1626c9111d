import { Button, Flash, Text } from "@primer/react";
import { cameraSearchOpenDelayMs } from "@sleuth/sdk";
import { useCallback, useEffect, useRef, useState } from "react";
import { useHotkey } from "../keyboard/useHotkey.ts";
import { announce } from "../messages/messageStore.ts";

// The spec gives no wording for a device without a camera; this text is ours.
export const noCameraMessage = "No camera is available on this device. Choose an image instead.";

type CameraState = "closed" | "opening" | "open" | "noCamera";

/**
 * 002 §2 / §9 camera search: the popover opens 200 ms after it is asked for, shows the camera's
 * picture (getUserMedia) and sends a captured frame to the same image scan as an upload. Without a
 * camera (or without permission) it says so.
 */
export function CameraSearch({ onCapture }: { onCapture: (image: File) => void }) {
  const [state, setState] = useState<CameraState>("closed");
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const captureRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  const stop = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
  }, []);
  // Leaving the page turns the camera off.
  useEffect(() => stop, [stop]);

  useEffect(() => {
    if (state !== "opening") return;
    const timer = setTimeout(async () => {
      const devices = navigator.mediaDevices;
      if (!devices?.getUserMedia) {
        setState("noCamera");
        return;
      }
      try {
        // No video input at all (a headless browser, a desktop without a webcam): say so at once
        // rather than wait on a permission prompt for a camera that is not there.
        const inputs = await devices.enumerateDevices();
        if (!inputs.some((device) => device.kind === "videoinput")) {
          setState("noCamera");
          return;
        }
        const stream = await devices.getUserMedia({ video: true, audio: false });
        streamRef.current = stream;
        setState("open");
      } catch {
        setState("noCamera");
      }
    }, cameraSearchOpenDelayMs);
    return () => clearTimeout(timer);
  }, [state]);

  useEffect(() => {
    if (state === "open" && videoRef.current && streamRef.current) {
      videoRef.current.srcObject = streamRef.current;
      void videoRef.current.play().catch(() => undefined);
      captureRef.current?.focus();
    }
    if (state === "noCamera") {
      announce(noCameraMessage);
      closeRef.current?.focus();
    }
  }, [state]);

  const open = () => setState((current) => (current === "closed" ? "opening" : current));
  const close = () => {
    stop();
    setState("closed");
  };
  useHotkey({
    id: "triage.cameraSearch",
    keys: "t c",
    outranksSingleKey: true,
    description: "Search with the camera",
    group: "Triage",
    run: open,
  });

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
    <div className="sleuth-triage-camera">
      <Button onClick={open} data-testid="camera-search" aria-expanded={state !== "closed"}>
        Search with camera (t c)
      </Button>
      {state === "opening" ? (
        <Text as="p" role="status">
          Opening the camera…
        </Text>
      ) : null}
      {state === "open" ? (
        <section aria-label="Camera" className="sleuth-triage-camera-popover" data-testid="camera-popover">
          <video ref={videoRef} muted playsInline width={480} />
          <div className="sleuth-action-buttons">
            <Button ref={captureRef} variant="primary" onClick={capture}>
              Capture and search
            </Button>
            <Button ref={closeRef} onClick={close}>
              Close camera
            </Button>
          </div>
        </section>
      ) : null}
      {state === "noCamera" ? (
        <Flash variant="warning" role="alert" data-testid="camera-popover">
          {noCameraMessage}{" "}
          <Button ref={closeRef} size="small" variant="invisible" onClick={close}>
            Dismiss
          </Button>
        </Flash>
      ) : null}
    </div>
  );
}
