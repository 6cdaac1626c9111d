import { useStore } from "@nanostores/react";
import { Button, Dialog, Text, ToggleSwitch } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import { type FeatureFlagKey, featureFlagKeys, featureFlagMessages, isApiError } from "@sleuth/sdk";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { $signedIn } from "../session/sessionStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { closeFeatureFlagsDialog } from "./organizationDialogs.ts";
import { refreshPath } from "./refreshRoute.ts";
import { useIdentity } from "./useIdentity.ts";

/** 002 §9: the debug dialog's table shows 10 rows a page. */
const rowsPerPage = 10;

/**
 * 002 §2 / §6 feature-flag debug dialog: the current organization's front-end flags. Staff and
 * super admins (000 §6) toggle one; the console then goes through the refresh route so every gated
 * feature follows. Others see the flags read-only.
 */
export function FeatureFlagsDialog() {
  const view = useStore($signedIn);
  const { isStaff, isSuperAdmin } = useIdentity();
  const mayToggle = isStaff || isSuperAdmin;
  const [page, setPage] = useState(0);
  const toggle = useMutation({
    mutationFn: ({ key, enabled }: { key: FeatureFlagKey; enabled: boolean }) =>
      sleuthClient.featureFlags.set(key, { organizationUuid: view!.organization.uuid, enabled }),
    onSuccess: () => {
      window.location.assign(refreshPath(`${window.location.pathname}${window.location.search}`));
    },
  });
  if (!view) return null;
  const pages = Math.ceil(featureFlagKeys.length / rowsPerPage);
  const rows = featureFlagKeys.slice(page * rowsPerPage, (page + 1) * rowsPerPage);
  return (
    <Dialog
      title="Feature flags"
      subtitle={`${view.organization.name}, front-end. A debug tool.`}
      onClose={closeFeatureFlagsDialog}
      width="large"
      footerButtons={[{ buttonType: "default", content: "Close", onClick: closeFeatureFlagsDialog }]}
    >
      {mayToggle ? null : (
        <Text as="p" className="sleuth-muted">
          {featureFlagMessages.staffOnly}.
        </Text>
      )}
      <table className="sleuth-table" aria-label="Feature flags" data-testid="feature-flags-table">
        <thead>
          <tr>
            <th scope="col">Flag</th>
            <th scope="col">On</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((key) => {
            const labelId = `flag-${key}`;
            return (
              <tr key={key}>
                <td id={labelId} className="sleuth-mono">
                  {key}
                </td>
                <td>
                  <ToggleSwitch
                    aria-labelledby={labelId}
                    size="small"
                    checked={view.featureFlags[key]}
                    disabled={!mayToggle || toggle.isPending}
                    onClick={() => toggle.mutate({ key, enabled: !view.featureFlags[key] })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {pages > 1 ? (
        <nav aria-label="Flag pages" className="sleuth-pager">
          <Button size="small" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Text>
            Page {page + 1} of {pages}
          </Text>
          <Button size="small" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
      <div role="alert">
        {toggle.isError ? (
          <InlineMessage variant="critical">
            {isApiError(toggle.error) ? toggle.error.message : "The flag was not changed."}
          </InlineMessage>
        ) : null}
      </div>
    </Dialog>
  );
}
