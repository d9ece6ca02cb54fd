import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useRef } from "react";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import type { TrainingStatusResponse } from "#shared/director-states";
import { type Director, type DirectorId, findDirector, isDirectorId } from "#shared/directors";
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
import { NoAiServiceNotice } from "../../components/no-ai-service-notice";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field, Textarea } from "../../components/ui/field";
import { Icon } from "../../components/ui/icon";
import { shieldCheckIcon } from "../../components/ui/page-icons";
import { Progress } from "../../components/ui/progress";
import { Skeleton } from "../../components/ui/skeleton";
import { StepFooter } from "../../components/ui/step-footer";
import { toast } from "../../components/ui/use-toast";
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
import { refusalToast, trainedToast, trainingFailureToast } from "./training-outcome";

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

  const question = (questions[step - 1] ?? questions[0]) as TrainingQuestion;
  const asked = trainingQuestionFor(question, profile);
  const inputId = `training-${question.name}`;

  async function complete() {
    const parsed = schema.safeParse(form.getValues());
    if (!parsed.success) {
      showFieldErrors(fieldErrorsOf(parsed.error));
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
      if (failure instanceof ApiError && showFieldErrors(failure.fields)) return;
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
        <div className="flex items-center justify-between gap-3 text-sm">
          <p className="font-medium text-slate-700">
            Question {step} of {TRAINING_STEPS}
          </p>
          <p className="text-slate-500">{Math.round((step / TRAINING_STEPS) * 100)}%</p>
        </div>
        <div className="mt-2">
          <Progress value={(step / TRAINING_STEPS) * 100} label={`Training ${director.name}: progress`} />
        </div>

        <form noValidate onSubmit={handleNext} className="mt-5 sm:mt-8">
          <Field
            id={inputId}
            label={<span className="text-base leading-snug font-semibold text-slate-900 sm:text-lg">{asked.text}</span>}
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
          <StepFooter
            step={step}
            isLast={isLast}
            submitting={submitting}
            lastLabel="Complete Training"
            stepKey="mod-enter"
            onBack={() => goTo(step - 1)}
          />
        </form>
      </Card>
    </TrainingLayout>
  );
}

/** The spec's "Loading..." while the question is not ready. */
function TrainingLoading({ director }: { director: Director }) {
  return (
    <TrainingLayout director={director} contextEnabled={false}>
      <Card className="mt-4 p-5 sm:mt-6 sm:p-8" aria-busy="true">
        <p className="text-sm font-medium text-slate-700">Loading...</p>
        <Skeleton className="mt-3 h-2 w-full rounded-full" />
        <Skeleton className="mt-8 h-6 w-3/4" />
        <Skeleton className="mt-3 h-4 w-1/2" />
        <Skeleton className="mt-4 h-32 w-full" />
      </Card>
    </TrainingLayout>
  );
}

function TrainingLayout(props: { director: Director; contextEnabled: boolean; children: ReactNode }) {
  const { director } = props;
  return (
    <div className="flex-1 bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-5 sm:py-14">
      <div className="mx-auto w-full max-w-2xl">
        <Link
          to="/select-department"
          className="-my-3 inline-flex h-11 items-center gap-1 rounded-md text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline sm:my-0 sm:h-auto"
        >
          <span aria-hidden="true">←</span> All directors
        </Link>
        <header className="mt-3 flex items-start gap-4 sm:mt-4">
          <span
            aria-hidden="true"
            className="hidden h-14 w-14 flex-none place-items-center rounded-xl bg-brand-100 text-2xl font-bold text-brand-800 sm:grid"
          >
            {director.icon}
          </span>
          <div>
            <p className="hidden text-sm font-semibold text-brand-700 sm:block">{director.title} · Training</p>
            <h1 className="mt-0.5 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Train {director.name}
            </h1>
            <p className="mt-2 hidden text-slate-600 sm:block">
              Ten questions about how your business works. The more specific you are, the more useful {director.name}'s
              advice will be.
            </p>
          </div>
        </header>

        {props.children}

        <NoAiServiceNotice className="mt-6" lead="You can train your directors now." />

        {props.contextEnabled ? (
          <div className="mt-6 flex gap-3 rounded-xl border border-brand-200 bg-white p-4 text-sm text-slate-700">
            <Icon drawing={shieldCheckIcon} className="mt-0.5 h-5 w-5 flex-none text-brand-700" />
            <p>
              <span className="font-semibold text-slate-900">Contextual memory, stored securely.</span> Your answers,
              together with your business profile, become {director.name}'s memory of your business, so every answer
              fits it. They are stored securely in your account and used only to advise you.
            </p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
