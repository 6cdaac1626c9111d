export type {
  Collaborators,
  CollaboratorUser,
  GeneralAccessLevel,
  SharingOperation,
  SharingRole,
} from "./collaborators.ts";
export {
  collaboratorOrganizationSchema,
  collaboratorsSchema,
  collaboratorUserSchema,
  generalAccessLevelSchema,
  generalAccessLevels,
  sharingOperationSchema,
  sharingOperationsSchema,
  sharingRoleSchema,
  sharingRoles,
} from "./collaborators.ts";
export { sharingMessages } from "./sharingMessages.ts";
export type { GeneralAccess, SharingChange, SharingState } from "./sharingState.ts";
export {
  addCollaborators,
  applySharingOperations,
  hasAtLeastOneEditor,
  isSharingSaveDisabled,
  organizationSubjectUrn,
  setCollaboratorRole,
  setGeneralAccess,
  sharingOperations,
  sharingStateFromCollaborators,
  sharingStateSchema,
  userSubjectUrn,
} from "./sharingState.ts";
