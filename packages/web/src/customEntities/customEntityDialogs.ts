import { atom } from "nanostores";

/** Which custom-entity dialog is open: commands open them, the host renders them. */
export type CustomEntityDialog =
  | { kind: "create" }
  | { kind: "share"; uuid: string; name: string }
  | { kind: "rename"; uuid: string; name: string }
  | { kind: "delete"; uuid: string; name: string }
  | { kind: "resources"; uuid: string; name: string }
  | null;

/** What every dialog about one custom entity receives from the host. */
export interface CustomEntityDialogProps {
  uuid: string;
  name: string;
  onClose: () => void;
}

export const $customEntityDialog = atom<CustomEntityDialog>(null);

export function openCustomEntityDialog(dialog: NonNullable<CustomEntityDialog>): void {
  $customEntityDialog.set(dialog);
}

export function closeCustomEntityDialog(): void {
  $customEntityDialog.set(null);
}
