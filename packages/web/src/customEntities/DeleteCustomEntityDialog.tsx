import { Button, Dialog, Text } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import { consolePaths, isApiError } from "@sleuth/sdk";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useLocation } from "wouter";
import { announce } from "../messages/messageStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import type { CustomEntityDialogProps } from "./customEntityDialogs.ts";

/**
 * Asks before DELETE /v1/custom-entities with this one uuid (editors; the server answers 403 to
 * others). Cancel has the focus, so Enter alone never deletes. Afterwards the console shows the
 * custom entities list, since the deleted one's page no longer answers.
 *
 * Cancel gets the focus through `initialFocusRef`, once, as the dialog opens: a `footerButtons`
 * entry's `autoFocus` focuses it again a render later, which snatches the focus back from a Tab
 * pressed in between, so a quick Tab and Enter cancelled instead of deleting.
 */
export function DeleteCustomEntityDialog({ uuid, name, onClose }: CustomEntityDialogProps) {
  const queryClient = useQueryClient();
  const [location, navigate] = useLocation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const remove = useMutation({
    mutationFn: () => sleuthClient.customEntities.remove([uuid]),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ["customEntities", "detail", uuid] });
      void queryClient.invalidateQueries({ queryKey: ["customEntities"] });
      void queryClient.invalidateQueries({ queryKey: ["search"] });
      announce(`Deleted ${name}`);
      onClose();
      if (location !== consolePaths.customEntities) navigate(consolePaths.customEntities);
    },
  });
  return (
    <Dialog
      title={`Delete ${name}?`}
      role="alertdialog"
      onClose={onClose}
      initialFocusRef={cancelRef}
      renderFooter={() => (
        <Dialog.Footer>
          <Button ref={cancelRef} onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => remove.mutate()} loading={remove.isPending}>
            Delete custom entity
          </Button>
        </Dialog.Footer>
      )}
    >
      <Text as="p">
        Its addresses stay as they are; the grouping, its sharing and its computed data are removed for
        everyone in the organization.
      </Text>
      <div role="alert">
        {remove.isError ? (
          <InlineMessage variant="critical">
            {isApiError(remove.error) ? remove.error.message : "The custom entity was not deleted."}
          </InlineMessage>
        ) : null}
      </div>
    </Dialog>
  );
}
