import { Dialog, FormControl, TextInput } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import { isApiError } from "@sleuth/sdk";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { announce } from "../messages/messageStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import type { CustomEntityDialogProps } from "./customEntityDialogs.ts";

/** PATCH /v1/custom-entities/{uuid} with a new name (editors; the server answers 403 otherwise). */
export function RenameCustomEntityDialog({ uuid, name, onClose }: CustomEntityDialogProps) {
  const [value, setValue] = useState(name);
  const inputRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const rename = useMutation({
    mutationFn: () => sleuthClient.customEntities.update(uuid, { name: value }),
    onSuccess: (updated) => {
      void queryClient.invalidateQueries({ queryKey: ["customEntities"] });
      void queryClient.invalidateQueries({ queryKey: ["search"] });
      announce(`Renamed to ${updated.name}`);
      onClose();
    },
  });
  return (
    <Dialog
      title="Rename custom entity"
      onClose={onClose}
      initialFocusRef={inputRef}
      footerButtons={[
        { buttonType: "default", content: "Cancel", onClick: onClose },
        {
          buttonType: "primary",
          content: "Rename",
          onClick: () => rename.mutate(),
          loading: rename.isPending,
        },
      ]}
    >
      <FormControl>
        <FormControl.Label>Name</FormControl.Label>
        <TextInput
          ref={inputRef}
          block
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              rename.mutate();
            }
          }}
        />
      </FormControl>
      <div role="alert">
        {rename.isError ? (
          <InlineMessage variant="critical">
            {isApiError(rename.error) ? rename.error.message : "The custom entity was not renamed."}
          </InlineMessage>
        ) : null}
      </div>
    </Dialog>
  );
}
