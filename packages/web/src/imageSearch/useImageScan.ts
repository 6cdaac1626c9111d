import {
  type ImageScanRead,
  type ImageUploadState,
  imageFileProblem,
  imageScanErrorMessage,
  imageUploadMessages,
  nextImageUploadState,
} from "@sleuth/sdk";
import { useCallback, useEffect, useRef, useState } from "react";
import { announce } from "../messages/messageStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";

export interface ImageScan {
  state: ImageUploadState;
  /** Upload progress, 0..1. */
  progress: number;
  /** When the upload reached 100 % (002 §4 processing steps count from there), else null. */
  uploadedAt: number | null;
  identifiers: string[];
  /** How each identifier was read (issue 42); null from a server that does not say. */
  reads: ImageScanRead[] | null;
  /** The refusal or failure to show, or null. */
  problem: string | null;
  scan: (file: File) => Promise<void>;
  send: (event: Parameters<typeof nextImageUploadState>[1]) => void;
}

/**
 * 002 §4 search by image, one scan at a time: a refused file (type or size, 002 §5) never starts an
 * upload; an accepted one uploads with progress, then processes until the server answers. A newer
 * scan supersedes an older one's answer.
 */
export function useImageScan(): ImageScan {
  const [state, setState] = useState<ImageUploadState>("idle");
  const [progress, setProgress] = useState(0);
  const [uploadedAt, setUploadedAt] = useState<number | null>(null);
  const [identifiers, setIdentifiers] = useState<string[]>([]);
  const [reads, setReads] = useState<ImageScanRead[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(0);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const send = useCallback(
    (event: Parameters<typeof nextImageUploadState>[1]) =>
      setState((current) => nextImageUploadState(current, event)),
    [],
  );

  const scan = useCallback(
    async (file: File) => {
      const refused = imageFileProblem(file);
      if (refused !== null) {
        setProblem(refused);
        announce(refused);
        return;
      }
      const id = ++latest.current;
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setProblem(null);
      setProgress(0);
      setUploadedAt(null);
      setIdentifiers([]);
      setReads(null);
      send({ type: "reset" });
      send({ type: "fileAccepted" });
      try {
        const answer = await sleuthClient.triage.readImage(file, file.name, {
          signal: controller.signal,
          onProgress: (fraction) => {
            if (id !== latest.current) return;
            setProgress(fraction);
            if (fraction >= 1) {
              setUploadedAt((at) => at ?? Date.now());
              send({ type: "uploadComplete" });
            }
          },
        });
        if (id !== latest.current) return;
        send({ type: "uploadComplete" });
        setIdentifiers(answer.identifiers);
        setReads(answer.reads);
        send({ type: "scanned", identifiers: answer.identifiers });
        announce(
          answer.identifiers.length > 0
            ? `${answer.identifiers.length} identifiers found in the image`
            : imageUploadMessages.noIdentifiersFound,
        );
      } catch (error) {
        if (id !== latest.current || controller.signal.aborted) return;
        const message = imageScanErrorMessage(error);
        setProblem(message);
        announce(message);
        send({ type: "failed" });
      }
    },
    [send],
  );

  return { state, progress, uploadedAt, identifiers, reads, problem, scan, send };
}
