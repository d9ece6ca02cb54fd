import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { Navigate, useNavigate, useParams } from "react-router";
import type { TrainingStatusResponse } from "#shared/director-states";
import { type Director, type DirectorId, findDirector, isDirectorId } from "#shared/directors";
import type { FieldErrors } from "#shared/errors";
import type { OnboardingData } from "#shared/onboarding";
import {
  TRAINING_QUESTIONS,
  TRAINING_STEPS,
  type TrainingAnswers,
  type TrainingQuestion,
  trainingQuestionFor,
  trainingSchema,
  trainingStartAnswers,
} from "#shared/training";
import { fieldErrorsOf } from "#shared/validation";
import { showReviewErrors } from "../../components/answers-review";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field, Textarea } from "../../components/ui/field";
import { StepFooter } from "../../components/ui/step-footer";
import { StepProgress } from "../../components/ui/step-progress";
import { toast } from "../../components/ui/use-toast";
import { MicButton } from "../../components/voice/mic-button";
import { ApiError } from "../../lib/api";
import { planRedirectFor } from "../../lib/plan-redirect";
import { usePageTitle } from "../../lib/use-page-title";
import { usePublicConfig } from "../../lib/use-public-config";
import { refreshSession, useSession } from "../../lib/use-session";
import { useStepForm } from "../../lib/use-step-form";
import { DIRECTORS_QUERY_KEY } from "../directors/directors-api";
import { useBusinessProfile } from "../onboarding/onboarding-api";
import { submitTraining, trainingQueryKey, useTrainingStatus } from "./training-api";
import { emptyTrainingAnswers, trainingDraft } from "./training-draft";
import { TrainingLayout, TrainingLoading } from "./training-layout";
import { refusalToast, trainedToast, trainingFailureToast } from "./training-outcome";
import { DraftOffer, TrainingReview } from "./training-review";
import { useTrainingDraft } from "./use-training-draft";

/** /train-director/:id: ten questions that teach one director how the business works. */
export function TrainDirectorPage() {
  const { id } = useParams();
  if (!isDirectorId(id)) return <Navigate replace to="/select-department" />;
  return <TrainDirector key={id} directorId={id} />;
}

function TrainDirector({ directorId }: { directorId: DirectorId }) {
  const director = findDirector(directorId) as Director;
  usePageTitle(`Train ${director.name}`);
  const session = useSession();
  const status = useTrainingStatus(directorId);
  const profile = useBusinessProfile();
  const config = usePublicConfig();
  const navigate = useNavigate();
  const userId = session.data?.user?.id;

  // A director this user may not train: back to the list (or the plans), with a toast saying why.
  const redirect = status.isError ? refusalRedirect(status.error, director.name) : undefined;
  const redirected = useRef(false);
  useEffect(() => {
    if (!redirect || redirected.current) return;
    redirected.current = true;
    if (redirect.toast) toast(redirect.toast);
    navigate(redirect.to, { replace: true });
  }, [redirect, navigate]);

  if (status.isError && !redirect) {
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Train {director.name}</h1>
        <p className="mt-3 text-slate-600">We could not load this training. Your draft on this device is safe.</p>
        <Button className="mt-6" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!userId || !status.data || config.isPending || profile.isPending) return <TrainingLoading director={director} />;
  return (
    <TrainingWizard
      key={userId}
      userId={userId}
      director={director}
      saved={status.data.answers}
      // Without the profile the questions are simply asked in full.
      profile={profile.data?.profile ?? null}
      contextEnabled={config.data?.contextEnabled ?? false}
      aiConfigured={config.data?.aiConfigured ?? true}
    />
  );
}

function refusalRedirect(error: unknown, name: string) {
  const planPath = planRedirectFor(error);
  if (planPath) {
    const needsPlan = error instanceof ApiError && error.code === "plan:required";
    return { to: planPath, toast: needsPlan ? { title: "Choose a plan", description: error.message } : undefined };
  }
  const why = refusalToast(error, name);
  return why ? { to: "/select-department", toast: why } : undefined;
}

function TrainingWizard(props: {
  userId: string;
  director: Director;
  saved: TrainingAnswers | null;
  profile: OnboardingData | null;
  contextEnabled: boolean;
  aiConfigured: boolean;
}) {
  const { userId, director, profile, contextEnabled, aiConfigured } = props;
  const directorId = director.id;
  const questions = TRAINING_QUESTIONS[directorId];
  const schema = useMemo(() => trainingSchema(directorId), [directorId]);
  const draft = useMemo(() => trainingDraft(userId, directorId), [userId, directorId]);
  const {
    form,
    step,
    isLast,
    error,
    control,
    submitting,
    setSubmitting,
    showFieldErrors,
    goTo,
    nextHandler,
    onTextareaKeyDown,
    addSpoken,
  } = useStepForm<TrainingAnswers>({
    fieldNames: useMemo(() => questions.map((item) => item.name), [questions]),
    draft,
    // Without a draft, training again starts from the stored answers; the first time, questions onboarding
    // already asked start from the owner's earlier answer.
    startValues: () => ({
      ...emptyTrainingAnswers(directorId),
      ...trainingStartAnswers(directorId, profile),
      ...props.saved,
    }),
    resolver: zodResolver(schema),
  });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const drafting = useTrainingDraft({ userId, directorId, profile, form, onApplied: () => goTo(1) });
  // Drafting is offered the first time; training again starts from the stored answers.
  const offerDraft = aiConfigured && props.saved === null && !drafting.reviewing;

  const question = (questions[step - 1] ?? questions[0]) as TrainingQuestion;
  const asked = trainingQuestionFor(question, profile);
  const inputId = `training-${question.name}`;

  /** On the review page errors go under their answers there; on the steps, to the first step with one. */
  function showErrors(fields: FieldErrors): boolean {
    if (!drafting.reviewing) return showFieldErrors(fields);
    return showReviewErrors(
      form,
      questions.map((item) => item.name),
      fields,
    );
  }

  async function complete() {
    const parsed = schema.safeParse(form.getValues());
    if (!parsed.success) {
      showErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setSubmitting(true);
    try {
      const result = await submitTraining(directorId, parsed.data);
      draft.clear();
      queryClient.setQueryData<TrainingStatusResponse>(trainingQueryKey(directorId), {
        directorId,
        state: "trained",
        answers: parsed.data,
        trainedAt: result.trainedAt,
        indexedAt: result.indexed ? result.trainedAt : null,
      });
      void queryClient.invalidateQueries({ queryKey: DIRECTORS_QUERY_KEY });
      void refreshSession();
      toast(trainedToast(director.name, { contextEnabled: result.contextEnabled, aiConfigured }));
      navigate(`/chat?director=${directorId}`, { state: { selectedDirector: directorId } });
    } catch (failure) {
      setSubmitting(false);
      if (failure instanceof ApiError && showErrors(failure.fields)) return;
      const redirect = refusalRedirect(failure, director.name);
      if (redirect) {
        if (redirect.toast) toast(redirect.toast);
        navigate(redirect.to);
        return;
      }
      // The owner stays here with every answer in place; pressing again retries only what is missing.
      toast({ ...trainingFailureToast(failure), variant: "destructive" });
    }
  }

  const handleNext = nextHandler(complete);

  const describedBy = [`${inputId}-hint`, error ? `${inputId}-error` : undefined].filter(Boolean).join(" ");

  return (
    <TrainingLayout director={director} contextEnabled={contextEnabled}>
      <Card className="mt-4 p-5 pb-0 sm:mt-6 sm:p-8 sm:pb-0">
        {drafting.reviewing ? (
          <TrainingReview
            director={director}
            profile={profile}
            form={form}
            submitting={submitting}
            noteFor={drafting.noteFor}
            onAccept={() => void complete()}
            onStepByStep={() => {
              drafting.stopReviewing();
              goTo(1);
            }}
          />
        ) : (
          <>
            <StepProgress
              word="Question"
              step={step}
              steps={TRAINING_STEPS}
              label={`Training ${director.name}: progress`}
            />

            <form noValidate onSubmit={handleNext} className="mt-5 sm:mt-8">
              <Field
                id={inputId}
                label={
                  <span className="text-base leading-snug font-semibold text-slate-900 sm:text-lg">{asked.text}</span>
                }
                hint={
                  asked.earlier ? (
                    <>
                      <span className="font-medium text-brand-800">
                        Your answer from onboarding is filled in: sharpen it.
                      </span>{" "}
                      {question.hint}
                    </>
                  ) : (
                    question.hint
                  )
                }
                error={error}
              >
                <Textarea
                  key={question.name}
                  id={inputId}
                  rows={5}
                  aria-invalid={Boolean(error)}
                  aria-describedby={describedBy}
                  onKeyDown={onTextareaKeyDown}
                  {...control}
                />
              </Field>
              <div className="relative mt-2">
                <MicButton label="Speak your answer" text="Speak your answer" placement="below" onText={addSpoken} />
              </div>
              {offerDraft && step === 1 ? (
                <DraftOffer state={drafting.state} onDraft={() => void drafting.draft()} />
              ) : null}
              <StepFooter
                step={step}
                isLast={isLast}
                submitting={submitting}
                lastLabel="Complete Training"
                stepKey="mod-enter"
                onBack={() => goTo(step - 1)}
              />
            </form>
          </>
        )}
      </Card>
    </TrainingLayout>
  );
}
