export { maxNumberedPanes, paneHotkey } from "./paneHotkeys.ts";
export { addressPanes, customEntityPanes, entityPanes } from "./panes.ts";
export { SubjectWorkspace, summaryPaneId, workspaceCommandGroup } from "./SubjectWorkspace.tsx";
export type { Subject, SubjectPane } from "./subjectPane.ts";
