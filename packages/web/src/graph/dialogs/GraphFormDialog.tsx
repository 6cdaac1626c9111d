import { Dialog } from "@primer/react";
import type { FormEvent, ReactNode, RefObject } from "react";
import { useFocusReturnRef } from "../../keyboard/focusReturn.ts";

/**
 * The graph's small dialogs share this frame: a form whose Enter submits, Cancel and a primary
 * button, focus on the first field and back where it was when the dialog closes.
 */
export function GraphFormDialog({
  title,
  subtitle,
  submitLabel,
  submitDisabled = false,
  onSubmit,
  onClose,
  initialFocusRef,
  children,
}: {
  title: string;
  subtitle?: string;
  submitLabel: string;
  submitDisabled?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  initialFocusRef?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const returnFocusRef = useFocusReturnRef();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!submitDisabled) onSubmit();
  };
  return (
    <Dialog
      title={title}
      subtitle={subtitle}
      onClose={onClose}
      width="medium"
      {...(initialFocusRef ? { initialFocusRef } : {})}
      returnFocusRef={returnFocusRef}
      footerButtons={[
        { buttonType: "default", content: "Cancel", onClick: onClose },
        { buttonType: "primary", content: submitLabel, onClick: () => submit(), disabled: submitDisabled },
      ]}
    >
      <form onSubmit={submit} className="sleuth-graph-form">
        {children}
        {/* Enter in a field submits the form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </form>
    </Dialog>
  );
}
