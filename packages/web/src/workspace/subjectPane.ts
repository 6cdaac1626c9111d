import type { ChainId } from "@sleuth/sdk";
import type { ComponentType } from "react";

/** What a workspace is about: the subject of an address, entity or custom-entity page. */
export type Subject =
  | { kind: "address"; urn: string; chain: ChainId; address: string }
  | { kind: "entity"; urn: string; name: string }
  | { kind: "custom-entity"; urn: string; name: string };

/**
 * One pane of a subject workspace. Its hotkey is its position (the summary is 1, the first pane 2…),
 * so panes added by different people never fight over a key.
 */
export interface SubjectPane {
  /** Unique within a page type; also the `pane` search parameter that reopens it. */
  id: string;
  title: string;
  /** Rendered only while the pane is shown, so a hidden pane fetches nothing. */
  Component: ComponentType<{ subject: Subject }>;
}
