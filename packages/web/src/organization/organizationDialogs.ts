import { atom } from "nanostores";

/** Whether the 002 §2 feature-flag debug dialog is open. */
export const $featureFlagsDialogOpen = atom(false);

export function openFeatureFlagsDialog(): void {
  $featureFlagsDialogOpen.set(true);
}

export function closeFeatureFlagsDialog(): void {
  $featureFlagsDialogOpen.set(false);
}
