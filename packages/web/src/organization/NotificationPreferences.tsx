import { Checkbox, FormControl, Text } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import {
  memberNotificationKinds,
  type NotificationEmailPreference,
  notificationKindTitles,
  notificationMessages,
  wantsEmail,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { notificationStatusQuery } from "./notificationQueries.ts";

/**
 * Issue 40: which events reach the user by e-mail, one checkbox per kind (a finished download is off
 * by default). With no SMTP on the server the section says that nothing is e-mailed at all.
 */
export function NotificationPreferences({
  preference,
  onChange,
}: {
  preference: NotificationEmailPreference | undefined;
  onChange: (next: NotificationEmailPreference, title: string) => void;
}) {
  const status = useQuery(notificationStatusQuery);
  return (
    <fieldset className="sleuth-settings-section" data-testid="notification-preferences">
      <legend>E-mail notifications</legend>
      {status.data && !status.data.emailEnabled ? (
        <InlineMessage variant="warning" data-testid="email-delivery-off">
          {notificationMessages.emailOff}
        </InlineMessage>
      ) : null}
      {status.data?.emailEnabled ? (
        <Text as="p" className="sleuth-muted">
          Sent from {status.data.mailFrom} to your account's address.
        </Text>
      ) : null}
      {memberNotificationKinds.map((kind) => (
        <FormControl key={kind}>
          <Checkbox
            checked={wantsEmail(preference, kind)}
            onChange={(event) =>
              onChange(
                { kinds: { ...preference?.kinds, [kind]: event.target.checked } },
                notificationKindTitles[kind],
              )
            }
          />
          <FormControl.Label>{notificationKindTitles[kind]}</FormControl.Label>
        </FormControl>
      ))}
    </fieldset>
  );
}
