import { OrganizationIcon } from "@primer/octicons-react";
import { ActionList, ActionMenu, Spinner } from "@primer/react";
import { switchOrganization } from "../session/sessionStore.ts";
import type { SignedInView } from "../session/sessionView.ts";

/** 000 §4: the organizations the user belongs to, with their role; choosing one switches. */
export function OrganizationSwitcher({ view }: { view: SignedInView }) {
  const shown = view.switchingTo ?? view.organization;
  return (
    <ActionMenu>
      <ActionMenu.Button
        leadingVisual={view.switchingTo ? () => <Spinner size="small" srText={null} /> : OrganizationIcon}
        aria-label={`Organization: ${shown.name}${view.switchingTo ? " (switching)" : ""}. Switch organization`}
        data-testid="organization-switcher"
      >
        {shown.name}
      </ActionMenu.Button>
      <ActionMenu.Overlay width="medium">
        <ActionList selectionVariant="single" aria-label="Organizations">
          <ActionList.GroupHeading as="h2">Switch organization</ActionList.GroupHeading>
          {view.organizations.map((organization) => (
            <ActionList.Item
              key={organization.uuid}
              selected={organization.uuid === view.organization.uuid}
              onSelect={() => switchOrganization(organization.uuid)}
            >
              {organization.name}
              <ActionList.Description variant="block">{organization.role}</ActionList.Description>
            </ActionList.Item>
          ))}
        </ActionList>
      </ActionMenu.Overlay>
    </ActionMenu>
  );
}
