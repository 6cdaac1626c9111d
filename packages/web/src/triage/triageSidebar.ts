import { atom } from "nanostores";

/**
 * 002 §2: the sidebars of the triage address page, one open at a time. The flag, interest and
 * escalation flows are the actions module's own dialogs; the others live here.
 */
export type TriageSidebar =
  | { kind: "entity"; entityUrn: string; name: string }
  | { kind: "flag" }
  | { kind: "escalate" }
  | { kind: "indicateInterest" }
  | { kind: "viewInterests" }
  | { kind: "contactExchanges" }
  | { kind: "detector" };

export const $triageSidebar = atom<TriageSidebar | null>(null);

export function openTriageSidebar(sidebar: TriageSidebar): void {
  $triageSidebar.set(sidebar);
}

export function closeTriageSidebar(): void {
  $triageSidebar.set(null);
}
