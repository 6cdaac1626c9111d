import { Dialog, FormControl, Textarea } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import { type Compatibility, isApiError, resourcesFromText } from "@sleuth/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useHotkey, useHotkeyScope } from "../keyboard/useHotkey.ts";
import { announce, showMessage } from "../messages/messageStore.ts";
import { useExcludedChains } from "../search/useExcludedChains.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { HotkeyHint } from "../shortcuts/HotkeyHint.tsx";
import type { CustomEntityDialogProps } from "./customEntityDialogs.ts";
import { customEntityQueries } from "./customEntityQueries.ts";
import { type ResourceStep, trackUnsupported, UnsupportedList } from "./UnsupportedList.tsx";

/**
 * 000 §7 PATCH /v1/custom-entities/{uuid} with a new resource list (editors): the current
 * addresses and entity URNs one a line, edited in place, checked for compatibility as at creation
 * (000 §8 reasons listed, then saved with the supported ones). Saving starts a new refresh (000 §4),
 * which the page's status then follows.
 */
export function EditResourcesDialog({ uuid, name, onClose }: CustomEntityDialogProps) {
  const detail = useQuery(customEntityQueries.detail(uuid));
  const [text, setText] = useState<string | null>(null);
  const [step, setStep] = useState<ResourceStep>({ kind: "edit" });
  const [problem, setProblem] = useState<string | null>(null);
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const excludedChains = useExcludedChains();
  const queryClient = useQueryClient();
  const current = text ?? detail.data?.resources.map((resource) => resource.resourceUrn).join("\n") ?? "";
  useEffect(() => {
    if (detail.data) areaRef.current?.focus();
  }, [detail.data]);

  const save = useMutation({
    mutationFn: (compatibility: Compatibility) => {
      const resources = compatibility.resources
        .filter((resource) => resource.isSupported)
        .map(({ resourceUrn }) => ({ resourceUrn }));
      if (resources.length === 0) throw new Error("None of the resources is supported.");
      return sleuthClient.customEntities.update(uuid, { resources });
    },
    onSuccess: (updated) => {
      void queryClient.invalidateQueries({ queryKey: ["customEntities"] });
      void queryClient.invalidateQueries({ queryKey: ["metrics"] });
      showMessage({ variant: "success", title: `Saved the addresses of ${updated.name}` });
      announce(`Saved the addresses of ${updated.name}; refreshing its data`);
      onClose();
    },
    onError: (error) =>
      setProblem(isApiError(error) || error instanceof Error ? error.message : String(error)),
  });
  const check = useMutation({
    mutationFn: async () => {
      const input = resourcesFromText(current, { excludedChains });
      if (input.resourceUrns.length === 0) throw new Error("Paste at least one address or entity URN.");
      const compatibility = await sleuthClient.customEntities.compatibility(input.resourceUrns);
      return { compatibility, unrecognized: input.unrecognized };
    },
    onSuccess: ({ compatibility, unrecognized }) => {
      if (compatibility.isSupported && unrecognized.length === 0) save.mutate(compatibility);
      else {
        trackUnsupported(compatibility);
        setStep({ kind: "confirm", compatibility, unrecognized });
      }
    },
    onError: (error) => setProblem(error instanceof Error ? error.message : String(error)),
  });
  const busy = check.isPending || save.isPending;
  const submit = () => {
    if (busy || !detail.data) return;
    setProblem(null);
    if (step.kind === "confirm") save.mutate(step.compatibility);
    else check.mutate();
  };
  // Enter starts a new line in the list; Mod+Enter saves, as in GitHub's comment boxes.
  useHotkeyScope("edit-resources");
  useHotkey({
    id: "edit-resources.submit",
    keys: "Mod+Enter",
    description: "Save the addresses",
    group: "Custom entity addresses",
    scope: "edit-resources",
    run: submit,
  });
  return (
    <Dialog
      title={`Addresses of ${name}`}
      onClose={onClose}
      width="large"
      footerButtons={[
        { buttonType: "default", content: "Cancel", onClick: onClose },
        { buttonType: "primary", content: "Save addresses", onClick: submit, loading: busy },
      ]}
    >
      <div className="sleuth-form-stack">
        <FormControl required disabled={!detail.data}>
          <FormControl.Label>Addresses and entity URNs</FormControl.Label>
          <FormControl.Caption>
            One a line, or separated by commas. <HotkeyHint id="edit-resources.submit" size="small" /> saves.
          </FormControl.Caption>
          <Textarea
            ref={areaRef}
            block
            rows={8}
            value={current}
            onChange={(event) => {
              setText(event.target.value);
              setStep({ kind: "edit" });
            }}
          />
        </FormControl>
        {step.kind === "confirm" ? <UnsupportedList step={step} /> : null}
        <div role="alert">
          {problem ? <InlineMessage variant="critical">{problem}</InlineMessage> : null}
          {detail.isError ? (
            <InlineMessage variant="critical">The addresses could not be loaded.</InlineMessage>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
