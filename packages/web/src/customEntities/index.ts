export { CustomEntitiesPage } from "./CustomEntitiesPage.tsx";
export { CustomEntityActions } from "./CustomEntityActions.tsx";
export { CustomEntityDialogHost } from "./CustomEntityDialogHost.tsx";
export { closeCustomEntityDialog, openCustomEntityDialog } from "./customEntityDialogs.ts";
export { useCustomEntityCommands } from "./useCustomEntityCommands.ts";
