import type { UserReportKind } from "@sleuth/sdk";
import { atom } from "nanostores";

/** What an action is about: an address, entity, transaction or custom entity page's subject. */
export interface ActionSubject {
  urn: string;
  /** How the subject reads in titles (a shortened address, an entity's name). */
  label: string;
  kind: "address" | "entity" | "customEntity" | "transaction";
}

/** What a case may hold: an element, a saved graph or a flag (their URNs, see the SDK's caseRelatables). */
export type AttachSubject = Pick<ActionSubject, "urn" | "label">;

/** The one action dialog open at a time (flag, interest, case, escalate, notify, report). */
export type ActionDialog =
  | {
      kind: "flag";
      subject: ActionSubject;
      /** 001 §4: runs after the success delay, when the flag came from plots (the graph's selection). */
      onFlagged?: () => void;
    }
  | { kind: "interest"; subject: ActionSubject }
  | { kind: "investigators"; subject: ActionSubject }
  | { kind: "attach"; subject: AttachSubject }
  | { kind: "escalate"; subject: ActionSubject }
  | { kind: "notify"; subject: ActionSubject }
  | { kind: "report"; reportKind: UserReportKind; subject: ActionSubject | null }
  | { kind: "newCase"; attach?: AttachSubject }
  | { kind: "notifyTargets" };

export const $actionDialog = atom<ActionDialog | null>(null);

export function openActionDialog(dialog: ActionDialog): void {
  $actionDialog.set(dialog);
}

export function closeActionDialog(): void {
  $actionDialog.set(null);
}
