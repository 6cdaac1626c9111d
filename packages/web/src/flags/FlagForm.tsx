import { zodResolver } from "@hookform/resolvers/zod";
import { Button, FormControl, Select, Textarea, TextInput } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import {
  type FlagFormInput,
  type FlagForm as FlagFormValues,
  type FlagTextField,
  flagCategoriesByGroup,
  flagFormSchema,
  flagMessages,
  flagSuccessDelayMs,
  flagTextFields,
  otherFlagCategoryId,
  type UserAttributionRecord,
  userAttributionBody,
} from "@sleuth/sdk";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { sleuthClient } from "../session/sleuthClient.ts";

const emptyForm: FlagFormInput = {
  categoryId: "" as FlagFormInput["categoryId"],
  userProvidedCategory: "",
  activitySummary: "",
  valueOriginTimeframe: "",
  investigativeIntent: "",
  requestedAction: "",
  contactEmail: "",
};

export interface FlagFormProps {
  /** The flagged element (001 §3 trmResourceUrn). */
  trmResourceUrn: string;
  /** Other elements flagged with it; the element alone by default. */
  resourceUrns?: string[];
  /** The contact list the form starts with (the user's own e-mail, usually). */
  defaultContactEmail?: string;
  /** docs/API.md "Flags": whether other organizations may learn of the flag. */
  shouldPropagate?: boolean;
  /** After the 001 §9 success delay: close the dialog, clear plots. */
  onDone: (flag: UserAttributionRecord) => void;
  onCancel: () => void;
}

/**
 * 001 §5 flag form (react-hook-form over the SDK's schema): category from the five groups, OTHER
 * with a typed name, four text fields of at least 3 words ('field too short' once blurred), contact
 * e-mails; submit disabled until valid. 001 §4: success shows a message and `onDone` runs after
 * 3 s; an error shows a message and resets the form.
 */
export function FlagForm({
  trmResourceUrn,
  resourceUrns,
  defaultContactEmail = "",
  shouldPropagate = false,
  onDone,
  onCancel,
}: FlagFormProps) {
  const [outcome, setOutcome] = useState<"success" | "failed" | null>(null);
  const firstField = useRef<HTMLSelectElement | null>(null);
  const formId = useId();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isValid, isSubmitting },
  } = useForm<FlagFormInput, unknown, FlagFormValues>({
    resolver: zodResolver(flagFormSchema),
    mode: "onTouched",
    defaultValues: { ...emptyForm, contactEmail: defaultContactEmail },
  });
  const done = useRef(onDone);
  done.current = onDone;
  const created = useRef<UserAttributionRecord | null>(null);
  useEffect(() => {
    if (outcome !== "success" || !created.current) return;
    const flag = created.current;
    const timer = setTimeout(() => done.current(flag), flagSuccessDelayMs);
    return () => clearTimeout(timer);
  }, [outcome]);

  const onSubmit = handleSubmit(async (form) => {
    setOutcome(null);
    try {
      created.current = await sleuthClient.flags.create(
        userAttributionBody(form, { trmResourceUrn, resourceUrns, shouldPropagate }),
      );
      setOutcome("success");
    } catch {
      setOutcome("failed");
      reset({ ...emptyForm, contactEmail: defaultContactEmail });
      firstField.current?.focus();
    }
  });
  const category = watch("categoryId");
  const { ref: categoryRef, ...categoryField } = register("categoryId");

  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="sleuth-action-form" aria-label="Flag">
      <FormControl required>
        <FormControl.Label>Category</FormControl.Label>
        <Select
          block
          ref={(element: HTMLSelectElement | null) => {
            categoryRef(element);
            firstField.current = element;
          }}
          validationStatus={errors.categoryId ? "error" : undefined}
          {...categoryField}
        >
          <Select.Option value="" disabled>
            Choose a category
          </Select.Option>
          {flagCategoriesByGroup().map(({ group, categories }) => (
            <Select.OptGroup key={group} label={group}>
              {categories.map((item) => (
                <Select.Option key={item.id} value={item.id}>
                  {item.label}
                </Select.Option>
              ))}
            </Select.OptGroup>
          ))}
        </Select>
        {errors.categoryId ? (
          <FormControl.Validation variant="error">{errors.categoryId.message}</FormControl.Validation>
        ) : null}
      </FormControl>
      {category === otherFlagCategoryId ? (
        <FormControl required>
          <FormControl.Label>Category name</FormControl.Label>
          <TextInput block {...register("userProvidedCategory")} />
          {errors.userProvidedCategory ? (
            <FormControl.Validation variant="error">
              {errors.userProvidedCategory.message}
            </FormControl.Validation>
          ) : null}
        </FormControl>
      ) : null}
      {(Object.keys(flagTextFields) as FlagTextField[]).map((field) => (
        <FormControl required key={field}>
          <FormControl.Label>{flagTextFields[field]}</FormControl.Label>
          <Textarea
            block
            rows={2}
            resize="vertical"
            validationStatus={errors[field] ? "error" : undefined}
            {...register(field)}
          />
          {errors[field] ? (
            <FormControl.Validation variant="error">{errors[field].message}</FormControl.Validation>
          ) : (
            <FormControl.Caption>At least 3 words.</FormControl.Caption>
          )}
        </FormControl>
      ))}
      <FormControl required>
        <FormControl.Label>Contact e-mail</FormControl.Label>
        <TextInput block type="text" autoComplete="email" {...register("contactEmail")} />
        {errors.contactEmail ? (
          <FormControl.Validation variant="error">{errors.contactEmail.message}</FormControl.Validation>
        ) : (
          <FormControl.Caption>Several addresses may be separated by commas.</FormControl.Caption>
        )}
      </FormControl>
      <div role="status" aria-live="polite">
        {outcome === "success" ? (
          <InlineMessage variant="success">{flagMessages.success}</InlineMessage>
        ) : null}
      </div>
      <div role="alert">
        {outcome === "failed" ? (
          <InlineMessage variant="critical">{flagMessages.failed}</InlineMessage>
        ) : null}
      </div>
      <div className="sleuth-action-buttons">
        <Button type="button" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="primary"
          disabled={!isValid || outcome === "success"}
          loading={isSubmitting}
        >
          Submit flag
        </Button>
      </div>
    </form>
  );
}
