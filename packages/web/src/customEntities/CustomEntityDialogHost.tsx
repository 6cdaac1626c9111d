import { useStore } from "@nanostores/react";
import { lazy, Suspense } from "react";
import { $customEntityDialog, closeCustomEntityDialog } from "./customEntityDialogs.ts";
import "./customEntities.css";

const CreateCustomEntityDialog = lazy(() =>
  import("./CreateCustomEntityDialog.tsx").then((module) => ({ default: module.CreateCustomEntityDialog })),
);
const ShareDialog = lazy(() =>
  import("./ShareDialog.tsx").then((module) => ({ default: module.ShareDialog })),
);
const RenameCustomEntityDialog = lazy(() =>
  import("./RenameCustomEntityDialog.tsx").then((module) => ({ default: module.RenameCustomEntityDialog })),
);
const DeleteCustomEntityDialog = lazy(() =>
  import("./DeleteCustomEntityDialog.tsx").then((module) => ({ default: module.DeleteCustomEntityDialog })),
);
const EditResourcesDialog = lazy(() =>
  import("./EditResourcesDialog.tsx").then((module) => ({ default: module.EditResourcesDialog })),
);

/** Renders the custom-entity dialog the commands opened (one at a time). */
export function CustomEntityDialogHost() {
  const dialog = useStore($customEntityDialog);
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      {dialog.kind === "create" ? <CreateCustomEntityDialog onClose={closeCustomEntityDialog} /> : null}
      {dialog.kind === "share" ? (
        <ShareDialog uuid={dialog.uuid} name={dialog.name} onClose={closeCustomEntityDialog} />
      ) : null}
      {dialog.kind === "rename" ? (
        <RenameCustomEntityDialog uuid={dialog.uuid} name={dialog.name} onClose={closeCustomEntityDialog} />
      ) : null}
      {dialog.kind === "resources" ? (
        <EditResourcesDialog uuid={dialog.uuid} name={dialog.name} onClose={closeCustomEntityDialog} />
      ) : null}
      {dialog.kind === "delete" ? (
        <DeleteCustomEntityDialog uuid={dialog.uuid} name={dialog.name} onClose={closeCustomEntityDialog} />
      ) : null}
    </Suspense>
  );
}
