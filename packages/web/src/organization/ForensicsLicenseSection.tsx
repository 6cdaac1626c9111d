import { Heading, Text } from "@primer/react";
import { searchMessages } from "@sleuth/sdk";

/**
 * 002 §6 the organization's forensics licence (IP results in triage), shown to every member. Issue
 * 40: the instance operator grants it (the Operator page, `sleuth admin license`), not the
 * organization's admin, so the section only says where it stands and whom to ask.
 */
export function ForensicsLicenseSection({ licensed }: { licensed: boolean }) {
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
      <Text as="p" className="sleuth-muted">
        The instance operator grants it. {licensed ? null : searchMessages.forensicsLicenseForIps}
      </Text>
    </section>
  );
}
