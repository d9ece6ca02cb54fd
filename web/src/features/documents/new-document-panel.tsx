import { useState } from "react";
import { useNavigate } from "react-router";
import { DIRECTORS } from "#shared/directors";
import {
  type CreateDocumentInput,
  CUSTOM_KIND,
  DOCUMENT_DESCRIPTION_MAX,
  type DocumentContentKind,
  documentKindsFor,
} from "#shared/documents";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field, Textarea } from "../../components/ui/field";
import { cn } from "../../lib/cn";

const DRAFTERS = [
  ...DIRECTORS.map((director) => ({ id: director.id, name: director.name })),
  { id: "board", name: "The board" },
];

/** "New document": a director (or the board), then one of their kinds or the owner's own description. */
export function NewDocumentPanel({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [directorId, setDirectorId] = useState<string>("martha");
  const [description, setDescription] = useState("");
  const [contentKind, setContentKind] = useState<DocumentContentKind>("rich");
  const draft = (input: CreateDocumentInput) => void navigate("/documents/new", { state: { draft: input } });
  const name = DRAFTERS.find((drafter) => drafter.id === directorId)?.name ?? "";

  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">New document</h2>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-900">Who drafts it</legend>
        <div className="flex flex-wrap gap-2">
          {DRAFTERS.map((drafter) => (
            <button
              key={drafter.id}
              type="button"
              aria-pressed={drafter.id === directorId}
              onClick={() => setDirectorId(drafter.id)}
              className={cn(
                "h-11 rounded-full border px-4 text-sm sm:h-9",
                drafter.id === directorId
                  ? "border-brand-600 bg-brand-50 font-medium text-brand-800"
                  : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
              )}
            >
              {drafter.name}
            </button>
          ))}
        </div>
      </fieldset>
      <ul className="grid gap-2 sm:grid-cols-2" aria-label={`What ${name} drafts`}>
        {documentKindsFor(directorId).map((kind) => (
          <li key={kind.id}>
            <button
              type="button"
              onClick={() => draft({ directorId, kind: kind.id })}
              className="grid h-full w-full gap-1 rounded-lg border border-slate-200 bg-white p-3 text-left hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="font-medium text-slate-900">{kind.name}</span>
              <span className="text-xs text-slate-600">
                {kind.contentKind === "sheet" ? "Spreadsheet" : "Document"}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (description.trim())
            draft({ directorId, kind: CUSTOM_KIND, description: description.trim(), contentKind });
        }}
      >
        <Field id="document-description" label="Or describe your own">
          <Textarea
            id="document-description"
            value={description}
            maxLength={DOCUMENT_DESCRIPTION_MAX}
            onChange={(event) => setDescription(event.target.value)}
            placeholder="A price list for our wholesale customers, with a 10% volume discount"
          />
        </Field>
        <div className="flex flex-wrap items-center gap-4 text-sm text-slate-700">
          {(["rich", "sheet"] as const).map((kind) => (
            <label key={kind} className="flex items-center gap-2">
              <input
                type="radio"
                name="content-kind"
                checked={contentKind === kind}
                onChange={() => setContentKind(kind)}
              />
              {kind === "rich" ? "Document" : "Spreadsheet"}
            </label>
          ))}
          <Button type="submit" disabled={description.trim() === ""}>
            Draft it
          </Button>
        </div>
      </form>
    </Card>
  );
}
