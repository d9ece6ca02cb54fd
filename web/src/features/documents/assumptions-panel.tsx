import { useState } from "react";
import type { Assumption } from "#shared/documents";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/field";
import { errorToast, toast } from "../../components/ui/use-toast";
import { tellRealValue } from "./documents-api";
import { SidePanel } from "./side-panel";

/**
 * What the director had to assume, listed apart from what came from the owner's data. One tap tells the director
 * the real value: it is kept as a remembered fact, and the document offers to use it.
 */
export function AssumptionsPanel(props: {
  documentId: string;
  assumptions: Assumption[];
  directorName: string;
  busy: boolean;
  onUpdate: (assumption: Assumption, value: string) => void;
}) {
  if (props.assumptions.length === 0) return null;
  return (
    <SidePanel id="assumptions" title="Assumptions">
      <ul className="grid gap-2">
        {props.assumptions.map((assumption, index) => (
          <AssumptionItem
            // biome-ignore lint/suspicious/noArrayIndexKey: the server addresses an assumption by its position
            key={index}
            index={index}
            assumption={assumption}
            {...props}
          />
        ))}
      </ul>
    </SidePanel>
  );
}

function AssumptionItem(props: {
  documentId: string;
  index: number;
  assumption: Assumption;
  directorName: string;
  busy: boolean;
  onUpdate: (assumption: Assumption, value: string) => void;
}) {
  const { assumption } = props;
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState("");
  const [kept, setKept] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await tellRealValue(props.documentId, props.index, value);
      setKept(value);
      setOpen(false);
      toast({ title: "Kept", description: `${props.directorName} will use ${value} from now on.` });
    } catch (error) {
      errorToast((error as Error).message);
    } finally {
      setSaving(false);
    }
  };
  const inputId = `assumption-${props.index}`;
  return (
    <li className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm">
      <p className="font-medium text-slate-900">{assumption.text}</p>
      <p className="text-slate-600">{assumption.why}</p>
      {kept ? (
        <div className="mt-2 grid gap-2">
          <p className="text-slate-700">Real value kept: {kept}</p>
          <Button size="sm" disabled={props.busy} onClick={() => props.onUpdate(assumption, kept)}>
            Update the document
          </Button>
        </div>
      ) : open ? (
        <form
          className="mt-2 flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (value.trim()) void save();
          }}
        >
          <label htmlFor={inputId} className="sr-only">
            The real value of {assumption.text}
          </label>
          <Input
            id={inputId}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            placeholder={assumption.value}
          />
          <Button size="sm" type="submit" disabled={saving || value.trim() === ""}>
            Save
          </Button>
        </form>
      ) : (
        <Button size="sm" variant="link" className="mt-1 h-auto px-0 sm:h-auto" onClick={() => setOpen(true)}>
          Tell {props.directorName} the real value
        </Button>
      )}
    </li>
  );
}
