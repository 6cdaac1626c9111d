import type { UserReportKind } from "@sleuth/sdk";
import { atom } from "nanostores";

/** What an action is about: an address, entity, transaction or custom entity page's subject. */
export interface ActionSubject {
  urn: string;
  /** How the subject reads in titles (a shortened address, an entity's name). */
  label: string;
  kind: "address" | "entity" | "customEntity" | "transaction";
}

/** The one action dialog open at a time (flag, interest, case, escalate, notify, report). */
export type ActionDialog =
  | { kind: "flag"; subject: ActionSubject }
  | { kind: "interest"; subject: ActionSubject }
  | { kind: "investigators"; subject: ActionSubject }
  | { kind: "attach"; subject: ActionSubject }
  | { kind: "escalate"; subject: ActionSubject }
  | { kind: "notify"; subject: ActionSubject }
  | { kind: "report"; reportKind: UserReportKind; subject: ActionSubject | null }
  | { kind: "newCase"; attach?: ActionSubject };

export const $actionDialog = atom<ActionDialog | null>(null);

export function openActionDialog(dialog: ActionDialog): void {
  $actionDialog.set(dialog);
}

export function closeActionDialog(): void {
  $actionDialog.set(null);
}
