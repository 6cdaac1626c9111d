import type { ExportJobType } from "@sleuth/sdk";
import { atom } from "nanostores";

/** What a table hands the Download CSV modal: its rows' job request and how many rows it has. */
export interface DownloadTarget {
  /** The table's name, for the dialog and the default file name (001 §9). */
  label: string;
  jobType: ExportJobType;
  parameters: Record<string, unknown>;
  /** The table's row count, or a promise of it (the count call). */
  count: () => Promise<number>;
}

export const $downloadTarget = atom<DownloadTarget | null>(null);
export const $jobsPanelOpen = atom<boolean>(false);

/** 001 §2: any table opens the one Download CSV modal with its own rows. */
export function openDownloadDialog(target: DownloadTarget): void {
  $downloadTarget.set(target);
}

export function closeDownloadDialog(): void {
  $downloadTarget.set(null);
}

export function openJobsPanel(): void {
  $jobsPanelOpen.set(true);
}

export function closeJobsPanel(): void {
  $jobsPanelOpen.set(false);
}
