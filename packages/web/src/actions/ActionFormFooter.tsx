import { Button } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";

/**
 * The end of every action form: the failure message (announced, in a live region) and Cancel beside
 * the submit button, which stays disabled until the form is valid.
 */
export function ActionFormFooter({
  error,
  onCancel,
  submitLabel,
  disabled,
  loading,
}: {
  /** The message to show after a failed submit, or null. */
  error: string | null;
  onCancel: () => void;
  submitLabel: string;
  disabled: boolean;
  loading: boolean;
}) {
  return (
    <>
      <div role="alert">{error ? <InlineMessage variant="critical">{error}</InlineMessage> : null}</div>
      <div className="sleuth-action-buttons">
        <Button type="button" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={disabled} loading={loading}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
