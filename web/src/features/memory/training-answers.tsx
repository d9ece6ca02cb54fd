import { useState } from "react";
import { findDirector } from "#shared/directors";
import type { KnowledgeOverview } from "#shared/memory";
import { TRAINING_QUESTIONS } from "#shared/training";
import { Button } from "../../components/ui/button";
import { formatDate } from "../../lib/format-date";
import { DirectorFold } from "./director-fold";
import { TrainingAnswerForm } from "./training-answer-form";

/** Each trained director's ten answers, folded per director, each edited where it is shown. */
export function TrainingAnswers({ trainings }: { trainings: KnowledgeOverview["trainings"] }) {
  const [editing, setEditing] = useState<string | undefined>();
  if (trainings.length === 0) {
    return <p className="text-sm text-slate-600">You have not trained a director yet.</p>;
  }
  return (
    <div className="grid gap-2">
      {trainings.map((training) => {
        const director = findDirector(training.directorId);
        if (!director) return null;
        return (
          <DirectorFold
            key={director.id}
            summary={
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-slate-900">{director.name}'s training answers</span>
                <span className="block text-xs text-slate-600">
                  From {director.name}'s training, {formatDate(training.trainedAt)}
                </span>
              </span>
            }
          >
            <dl className="grid gap-4 border-t border-slate-200 p-3">
              {TRAINING_QUESTIONS[director.id].map((question) => {
                const key = `${director.id}:${question.name}`;
                return (
                  <div key={question.name}>
                    {editing === key ? (
                      <>
                        <dt className="sr-only">{question.question}</dt>
                        <dd>
                          <TrainingAnswerForm
                            director={director}
                            question={question}
                            answers={training.answers}
                            onDone={() => setEditing(undefined)}
                          />
                        </dd>
                      </>
                    ) : (
                      <div className="flex items-start justify-between gap-3">
                        <div className="grid min-w-0 gap-0.5">
                          <dt className="text-xs font-medium text-slate-500">{question.question}</dt>
                          <dd className="text-sm wrap-anywhere whitespace-pre-line text-slate-900">
                            {training.answers[question.name]}
                          </dd>
                        </div>
                        <Button
                          variant="ghost"
                          size="sm"
                          className="shrink-0 text-brand-700"
                          aria-label={`Edit ${director.name}'s answer: ${question.question}`}
                          onClick={() => setEditing(key)}
                        >
                          Edit
                        </Button>
                      </div>
                    )}
                  </div>
                );
              })}
            </dl>
          </DirectorFold>
        );
      })}
    </div>
  );
}
