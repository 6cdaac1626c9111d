import { useStore } from "@nanostores/react";
import { FeatureFlagsDialog } from "./FeatureFlagsDialog.tsx";
import { $featureFlagsDialogOpen } from "./organizationDialogs.ts";
import { PreferenceEffects } from "./PreferenceEffects.tsx";
import "./organization.css";

/** The organization area's dialogs and console-wide preference effects. */
export function OrganizationDialogHost() {
  const flagsOpen = useStore($featureFlagsDialogOpen);
  return (
    <>
      <PreferenceEffects />
      {flagsOpen ? <FeatureFlagsDialog /> : null}
    </>
  );
}
