export type { CreatedOrganizationResult } from "./createdOrganization.ts";
export { createdOrganizationOf, organizationMessages } from "./createdOrganization.ts";
