import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, useMemo } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { ONBOARDING_FIELDS, type OnboardingFieldName, onboardingFieldSchemas } from "#shared/onboarding";
import type { AccountOverview } from "#shared/settings";
import { InlineFormActions } from "../../components/inline-form-actions";
import { Field, Input, Textarea } from "../../components/ui/field";
import { toast } from "../../components/ui/use-toast";
import { submitHandler } from "../../lib/show-form-error";
import { refreshKnowledge } from "../memory/memory-api";
import { ONBOARDING_QUERY_KEY, type OnboardingResponse, saveBusinessAnswer } from "../onboarding/onboarding-api";
import { ACCOUNT_QUERY_KEY } from "./settings-api";

/**
 * One business-profile answer, edited where it is shown: the field's own rule
 * and message from onboarding, saved on its own (the server rebuilds the
 * directors' context as after onboarding). Escape or Cancel leaves it as it was.
 */
export function BusinessAnswerForm(props: {
  field: OnboardingFieldName;
  label: string;
  value: string;
  onDone: () => void;
}) {
  const { field, label } = props;
  const definition = ONBOARDING_FIELDS.find((item) => item.name === field) ?? ONBOARDING_FIELDS[0];
  const schema = useMemo(() => z.object({ value: onboardingFieldSchemas[field] }), [field]);
  const queryClient = useQueryClient();
  const form = useForm<{ value: string }>({
    resolver: zodResolver(schema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { value: props.value },
  });
  const { errors, isSubmitting } = form.formState;
  const inputId = `profile-${field}`;
  const controlProps = {
    id: inputId,
    autoFocus: true,
    placeholder: definition.placeholder,
    "aria-invalid": Boolean(errors.value),
    "aria-describedby": errors.value ? `${inputId}-error` : undefined,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === "Escape") props.onDone();
    },
    ...form.register("value"),
  };

  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={submitHandler(form, async ({ value }) => {
        const { profile } = await saveBusinessAnswer({ field, value });
        queryClient.setQueryData<AccountOverview>(ACCOUNT_QUERY_KEY, (account) =>
          account ? { ...account, profile } : account,
        );
        queryClient.setQueryData<OnboardingResponse>(ONBOARDING_QUERY_KEY, { profile });
        void refreshKnowledge(queryClient);
        toast({ title: `${label} saved`, description: "Your directors now work from the new answer." });
        props.onDone();
      })}
    >
      <Field
        id={inputId}
        label={<span className="text-sm font-semibold text-slate-900">{definition.label}</span>}
        error={errors.value?.message}
      >
        {definition.input === "line" ? (
          <Input type="text" autoComplete="off" {...controlProps} />
        ) : (
          <Textarea rows={4} {...controlProps} />
        )}
      </Field>
      <InlineFormActions submitting={isSubmitting} onCancel={props.onDone} />
    </form>
  );
}
