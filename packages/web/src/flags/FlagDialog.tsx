import { useStore } from "@nanostores/react";
import { Dialog } from "@primer/react";
import { useQueryClient } from "@tanstack/react-query";
import type { ActionSubject } from "../actions/actionDialogs.ts";
import { $signedIn } from "../session/sessionStore.ts";
import { FlagForm } from "./FlagForm.tsx";

/** 001 §2 flag address: the flag form in a dialog (a drawer on small screens). */
export function FlagDialog({
  subject,
  onClose,
  onFlagged,
}: {
  subject: ActionSubject;
  onClose: () => void;
  /** 001 §4: after the success delay, e.g. to clear plots. */
  onFlagged?: () => void;
}) {
  const view = useStore($signedIn);
  const client = useQueryClient();
  return (
    <Dialog
      title={`Flag ${subject.label}`}
      subtitle="Tell the provider what this is; investigators of your organization see it on its page."
      onClose={onClose}
      width="large"
      position={{ narrow: "bottom", regular: "center" }}
    >
      <FlagForm
        trmResourceUrn={subject.urn}
        defaultContactEmail={view?.user.email ?? ""}
        onCancel={onClose}
        onDone={() => {
          void client.invalidateQueries({ queryKey: ["flags"] });
          onFlagged?.();
          onClose();
        }}
      />
    </Dialog>
  );
}
