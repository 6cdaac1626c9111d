import { Dialog, FormControl, Textarea, TextInput } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import {
  type Compatibility,
  customEntityCreateErrorMessage,
  isApiError,
  resourcesFromText,
} from "@sleuth/sdk";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useLocation } from "wouter";
import { useHotkey, useHotkeyScope } from "../keyboard/useHotkey.ts";
import { announce, showMessage } from "../messages/messageStore.ts";
import { customEntityPath } from "../navigation/routePaths.ts";
import { useExcludedChains } from "../search/useExcludedChains.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { HotkeyHint } from "../shortcuts/HotkeyHint.tsx";
import { type ResourceStep, trackUnsupported, UnsupportedList } from "./UnsupportedList.tsx";

/**
 * 000 §7 create a custom entity: a name and pasted addresses or entity URNs. The name is checked
 * (validate-name), then the resources (compatibility); 000 §8 unsupported reasons are listed and
 * the custom entity is made of the supported ones after a second confirmation. A failure shows the
 * server's message, else 000 §8's.
 */
export function CreateCustomEntityDialog({
  onClose,
  initialText = "",
}: {
  onClose: () => void;
  initialText?: string;
}) {
  const [name, setName] = useState("");
  const [text, setText] = useState(initialText);
  const [step, setStep] = useState<ResourceStep>({ kind: "edit" });
  const [problem, setProblem] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const excludedChains = useExcludedChains();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  const check = useMutation({
    mutationFn: async () => {
      const input = resourcesFromText(text, { excludedChains });
      if (name.trim() === "") throw new Error("Give the custom entity a name.");
      if (input.resourceUrns.length === 0) throw new Error("Paste at least one address or entity URN.");
      const validity = await sleuthClient.customEntities.validateName(name);
      if (!validity.isValid) throw new Error(validity.message ?? "That name cannot be used.");
      const compatibility = await sleuthClient.customEntities.compatibility(input.resourceUrns);
      return { compatibility, unrecognized: input.unrecognized };
    },
    onSuccess: ({ compatibility, unrecognized }) => {
      if (compatibility.isSupported && unrecognized.length === 0) create.mutate(compatibility);
      else {
        trackUnsupported(compatibility);
        setStep({ kind: "confirm", compatibility, unrecognized });
      }
    },
    onError: (error) => setProblem(error instanceof Error ? error.message : String(error)),
  });
  const create = useMutation({
    mutationFn: (compatibility: Compatibility) => {
      const resources = compatibility.resources
        .filter((resource) => resource.isSupported)
        .map(({ resourceUrn }) => ({ resourceUrn }));
      if (resources.length === 0) throw new Error("None of the resources is supported.");
      return sleuthClient.customEntities.create({ name, resources });
    },
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: ["customEntities"] });
      showMessage({ variant: "success", title: `Created ${created.name}` });
      announce(`Created ${created.name}`);
      onClose();
      navigate(customEntityPath(created.urn));
    },
    onError: (error) => setProblem(isApiError(error) ? error.message : customEntityCreateErrorMessage(null)),
  });

  const busy = check.isPending || create.isPending;
  const submit = () => {
    if (busy) return;
    setProblem(null);
    if (step.kind === "confirm") create.mutate(step.compatibility);
    else check.mutate();
  };
  // Enter starts a new line in the list; Mod+Enter creates, as in GitHub's comment boxes.
  useHotkeyScope("create-custom-entity");
  useHotkey({
    id: "create-custom-entity.submit",
    keys: "Mod+Enter",
    description: "Create the custom entity",
    group: "New custom entity",
    scope: "create-custom-entity",
    run: submit,
  });
  const supportedCount =
    step.kind === "confirm"
      ? step.compatibility.resources.filter((resource) => resource.isSupported).length
      : 0;

  return (
    <Dialog
      title="New custom entity"
      subtitle="Group the addresses and entities you believe one party controls."
      onClose={onClose}
      width="large"
      initialFocusRef={nameRef}
      footerButtons={[
        { buttonType: "default", content: "Cancel", onClick: onClose },
        {
          buttonType: "primary",
          content: step.kind === "confirm" ? `Create with ${supportedCount} supported` : "Create",
          onClick: submit,
          loading: busy,
          disabled: step.kind === "confirm" && supportedCount === 0,
        },
      ]}
    >
      <div className="sleuth-form-stack">
        <FormControl required>
          <FormControl.Label>Name</FormControl.Label>
          <TextInput
            ref={nameRef}
            block
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setStep({ kind: "edit" });
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.metaKey && !event.ctrlKey) {
                event.preventDefault();
                submit();
              }
            }}
          />
        </FormControl>
        <FormControl required>
          <FormControl.Label>Addresses and entity URNs</FormControl.Label>
          <FormControl.Caption>
            One a line, or separated by commas. <HotkeyHint id="create-custom-entity.submit" size="small" />{" "}
            creates.
          </FormControl.Caption>
          <Textarea
            block
            rows={6}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setStep({ kind: "edit" });
            }}
          />
        </FormControl>
        {step.kind === "confirm" ? <UnsupportedList step={step} /> : null}
        <div role="alert">{problem ? <InlineMessage variant="critical">{problem}</InlineMessage> : null}</div>
      </div>
    </Dialog>
  );
}
