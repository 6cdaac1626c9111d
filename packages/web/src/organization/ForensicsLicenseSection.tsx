import { Button, Heading, Text } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import { isApiError } from "@sleuth/sdk";
import { useMutation } from "@tanstack/react-query";
import { useCommands } from "../commands/index.ts";
import { announce } from "../messages/index.ts";
import { sleuthClient } from "../session/index.ts";
import { refreshPath } from "./refreshRoute.ts";

const buttonId = "organization-forensics-license";

/**
 * 002 §6 the organization's forensics licence (IP results in triage): shown to every member, turned on
 * or off by an admin (the server refuses others with 403).
 */
export function ForensicsLicenseSection({
  uuid,
  licensed,
  admin,
}: {
  uuid: string;
  licensed: boolean;
  admin: boolean;
}) {
  const change = useMutation({
    mutationFn: () => sleuthClient.organizations.update(uuid, { hasForensicsLicense: !licensed }),
    onSuccess: (organization) => {
      announce(`Forensics licence ${organization.hasForensicsLicense ? "on" : "off"}`);
      // The session holds the organization and its licence; reload it through the refresh route.
      window.location.assign(refreshPath(window.location.pathname));
    },
  });
  const title = licensed ? "Turn the forensics licence off" : "Turn the forensics licence on";
  useCommands(
    admin
      ? [
          {
            id: "organization.forensicsLicense",
            title,
            group: "Organization",
            keys: "e l",
            keywords: ["forensics", "license", "licence", "ip", "triage"],
            run: () => document.getElementById(buttonId)?.focus(),
          },
        ]
      : [],
  );
  return (
    <section className="sleuth-settings-section" aria-labelledby="forensics-license-heading">
      <Heading as="h2" id="forensics-license-heading" className="sleuth-section-title">
        Forensics licence
      </Heading>
      <Text as="p" data-testid="forensics-license-state">
        {licensed
          ? "This organization holds a forensics licence: triage searches IP addresses."
          : "This organization has no forensics licence: triage does not search IP addresses."}
      </Text>
      {admin ? (
        <Button id={buttonId} loading={change.isPending} onClick={() => change.mutate()}>
          {title}
        </Button>
      ) : (
        <Text as="p" className="sleuth-muted">
          Only an admin can change the forensics licence.
        </Text>
      )}
      <div role="alert">
        {change.isError ? (
          <InlineMessage variant="critical">
            {isApiError(change.error) ? change.error.message : String(change.error)}
          </InlineMessage>
        ) : null}
      </div>
    </section>
  );
}
