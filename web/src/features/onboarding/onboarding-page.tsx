import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useNavigate } from "react-router";
import type { FieldErrors } from "#shared/errors";
import {
  emptyOnboardingData,
  ONBOARDING_FIELDS,
  ONBOARDING_STEPS,
  type OnboardingData,
  type OnboardingFieldName,
  onboardingSchema,
} from "#shared/onboarding";
import { fieldErrorsOf } from "#shared/validation";
import { AnswersReview, type ReviewNote, showReviewErrors } from "../../components/answers-review";
import { PageLoading } from "../../components/page-loading";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field, Input, Textarea } from "../../components/ui/field";
import { Icon } from "../../components/ui/icon";
import { sparklesIcon } from "../../components/ui/page-icons";
import { StepFooter } from "../../components/ui/step-footer";
import { StepProgress } from "../../components/ui/step-progress";
import { toast } from "../../components/ui/use-toast";
import { MicButton } from "../../components/voice/mic-button";
import { ApiError } from "../../lib/api";
import { usePageTitle } from "../../lib/use-page-title";
import { usePublicConfig } from "../../lib/use-public-config";
import { refreshSession, useSession } from "../../lib/use-session";
import { useStepForm } from "../../lib/use-step-form";
import {
  ONBOARDING_QUERY_KEY,
  type OnboardingResponse,
  saveBusinessProfile,
  useBusinessProfile,
} from "./onboarding-api";
import { onboardingDraft } from "./onboarding-draft";
import { useWebsiteStart } from "./use-website-start";
import { siteName } from "./website-draft-store";
import { WebsiteStartDialog } from "./website-start-dialog";
import { DraftNoteLine, WebsiteStartPrompt } from "./website-start-notes";

const ONBOARDING_FIELD_NAMES = ONBOARDING_FIELDS.map((field) => field.name);

/** /onboarding: the ten questions about the business, one per step. */
export function OnboardingPage() {
  usePageTitle("Tell us about your business");
  const session = useSession();
  const profile = useBusinessProfile();
  const config = usePublicConfig();
  const userId = session.data?.user?.id;

  if (!userId || profile.isPending || config.isPending) return <PageLoading />;
  if (profile.isError) {
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Tell us about your business</h1>
        <p className="mt-3 text-slate-600">We could not load your answers. Your draft on this device is safe.</p>
        <Button className="mt-6" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <OnboardingWizard
      key={userId}
      userId={userId}
      saved={profile.data.profile}
      contextEnabled={config.data?.contextEnabled ?? false}
      aiConfigured={config.data?.aiConfigured ?? false}
    />
  );
}

function OnboardingWizard(props: {
  userId: string;
  saved: OnboardingData | null;
  contextEnabled: boolean;
  aiConfigured: boolean;
}) {
  const { userId, contextEnabled } = props;
  const draft = useMemo(() => onboardingDraft(userId), [userId]);
  const {
    form,
    step,
    isLast,
    error,
    control,
    submitting,
    setSubmitting,
    goTo,
    showFieldErrors,
    nextHandler,
    onTextareaKeyDown,
    addSpoken,
  } = useStepForm<OnboardingData>({
    fieldNames: ONBOARDING_FIELD_NAMES,
    draft,
    // Without a draft, a returning owner edits their stored answers.
    startValues: () => props.saved ?? emptyOnboardingData(),
    resolver: zodResolver(onboardingSchema),
  });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const website = useWebsiteStart(userId, form);
  const [websiteDialog, setWebsiteDialog] = useState(false);
  // Answers drafted from the website are checked on one page; typed ones go one question at a time.
  const [reviewing, setReviewing] = useState(() => Boolean(website.website?.status));
  // A first onboarding can start from the website; a returning owner edits their stored answers.
  const offerWebsite = props.saved === null;

  const field = ONBOARDING_FIELDS[step - 1] ?? ONBOARDING_FIELDS[0];
  const inputId = `onboarding-${field.name}`;

  /** On the review page errors go under their answers there; on the steps, to the first step with one. */
  function showErrors(fields: FieldErrors): boolean {
    return reviewing ? showReviewErrors(form, ONBOARDING_FIELD_NAMES, fields) : showFieldErrors(fields);
  }

  async function complete() {
    const parsed = onboardingSchema.safeParse(form.getValues());
    if (!parsed.success) {
      showErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setSubmitting(true);
    try {
      const { profile } = await saveBusinessProfile(parsed.data);
      draft.clear();
      website.onCompleted();
      queryClient.setQueryData<OnboardingResponse>(ONBOARDING_QUERY_KEY, { profile });
      void refreshSession();
      toast({
        title: "Onboarding complete!",
        description: contextEnabled
          ? "Your business context has been saved and will be used for personalized assistance."
          : "Your business context has been saved.",
      });
      navigate("/select-department");
    } catch (failure) {
      setSubmitting(false);
      if (failure instanceof ApiError && showErrors(failure.fields)) return;
      toast({
        title: "Submission Error",
        description: "There was a problem saving your data. Please try again.",
        variant: "destructive",
      });
    }
  }

  const handleNext = nextHandler(complete);

  const note = website.noteFor(field.name, form.watch(field.name));
  const describedBy = [error ? `${inputId}-error` : undefined, note ? `${inputId}-draft` : undefined].filter(Boolean);
  const controlProps = {
    id: inputId,
    placeholder: field.placeholder,
    "aria-invalid": Boolean(error),
    "aria-describedby": describedBy.length > 0 ? describedBy.join(" ") : undefined,
    ...control,
  };

  return (
    <div className="flex-1 bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-5 sm:py-14">
      <div className="mx-auto w-full max-w-2xl">
        <header>
          <p className="hidden text-sm font-semibold text-brand-700 sm:block">Business profile</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Tell us about your business
          </h1>
          <p className="mt-2 hidden text-slate-600 sm:block">
            Ten short questions. Your directors use the answers to give advice that fits your business.
          </p>
        </header>

        <Card className="mt-4 p-5 pb-0 sm:mt-6 sm:p-8 sm:pb-0">
          {reviewing && website.website ? (
            <WebsiteReview
              form={form}
              site={siteName(website.website.url)}
              submitting={submitting}
              noteFor={website.reviewNoteFor}
              onAccept={() => void complete()}
              onStepByStep={() => {
                setReviewing(false);
                goTo(1);
              }}
            />
          ) : (
            <>
              <StepProgress word="Step" step={step} steps={ONBOARDING_STEPS} label="Onboarding progress" />

              <form noValidate onSubmit={handleNext} className="mt-5 sm:mt-8">
                <Field
                  id={inputId}
                  label={<span className="text-base font-semibold text-slate-900 sm:text-lg">{field.label}</span>}
                  error={error}
                >
                  {field.input === "line" ? (
                    <Input key={field.name} type="text" autoComplete="off" className="h-11" {...controlProps} />
                  ) : (
                    <Textarea key={field.name} rows={5} onKeyDown={onTextareaKeyDown} {...controlProps} />
                  )}
                </Field>
                <div className="relative mt-2">
                  <MicButton label="Speak your answer" text="Speak your answer" placement="below" onText={addSpoken} />
                </div>
                {note ? <DraftNoteLine id={`${inputId}-draft`} note={note} /> : null}
                {offerWebsite && step === 1 ? (
                  <WebsiteStartPrompt website={website.website} onOpen={() => setWebsiteDialog(true)} />
                ) : null}
                <StepFooter
                  step={step}
                  isLast={isLast}
                  submitting={submitting}
                  lastLabel="Complete"
                  stepKey={field.input === "line" ? "enter" : "mod-enter"}
                  onBack={() => goTo(step - 1)}
                />
              </form>
            </>
          )}
        </Card>
        {offerWebsite ? (
          <WebsiteStartDialog
            open={websiteDialog}
            onOpenChange={setWebsiteDialog}
            aiConfigured={props.aiConfigured}
            onDrafted={(result) => {
              website.applyDraft(result);
              goTo(1);
              setReviewing(true);
            }}
            onCloseAutoFocus={(event) => {
              // Back to the first answer, drafted or not, rather than to the link that opened the dialog.
              event.preventDefault();
              form.setFocus(reviewing ? ONBOARDING_FIELDS[0].name : field.name);
            }}
          />
        ) : null}

        {contextEnabled ? (
          <div className="mt-6 flex gap-3 rounded-xl border border-brand-200 bg-white p-4 text-sm text-slate-700">
            <Icon drawing={sparklesIcon} className="mt-0.5 h-5 w-5 flex-none text-brand-700" />
            <p>
              <span className="font-semibold text-slate-900">Contextual memory is on.</span> Your answers become the
              business context every director works from, so their advice fits your business from the first question.
            </p>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** The ten answers drafted from the website, on one page, each saying whether the site answered it. */
function WebsiteReview(props: {
  form: UseFormReturn<OnboardingData>;
  site: string;
  submitting: boolean;
  noteFor: (field: OnboardingFieldName, value: string) => ReviewNote | undefined;
  onAccept: () => void;
  onStepByStep: () => void;
}) {
  const values = props.form.watch();
  const filled = ONBOARDING_FIELDS.filter((field) => values[field.name].trim() !== "").length;
  return (
    <AnswersReview
      form={props.form}
      idPrefix="onboarding"
      heading="Check your answers"
      summary={
        <>
          Drafted from <span className="font-semibold text-slate-900">{props.site}</span>: {filled} of{" "}
          {ONBOARDING_STEPS} answered. Change anything that's wrong and fill in the rest. Nothing is saved until you
          accept.
        </>
      }
      items={ONBOARDING_FIELDS.map((field) => ({
        name: field.name,
        label: field.label,
        input: field.input,
        placeholder: field.placeholder,
        note: props.noteFor(field.name, values[field.name]),
      }))}
      submitting={props.submitting}
      onAccept={props.onAccept}
      onStepByStep={props.onStepByStep}
    />
  );
}
