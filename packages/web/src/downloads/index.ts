export { DownloadCsvButton } from "./DownloadCsvButton.tsx";
export { DownloadCsvDialog } from "./DownloadCsvDialog.tsx";
export type { DownloadTarget } from "./downloadStore.ts";
export { closeDownloadDialog, closeJobsPanel, openDownloadDialog, openJobsPanel } from "./downloadStore.ts";
export { JobsBadge } from "./JobsBadge.tsx";
export { JobsPanel } from "./JobsPanel.tsx";
export { useDownloadCommand, useJobsCommands } from "./useDownloadCommands.ts";
