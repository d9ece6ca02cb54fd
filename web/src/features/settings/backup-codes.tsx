import { Button } from "../../components/ui/button";
import { errorToast, toast } from "../../components/ui/use-toast";

/** The ten one-time backup codes, shown once, with ways to keep them. */
export function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Directors backup codes (each works once)\n\n${codes.join("\n")}\n`;
  return (
    <div className="grid gap-4 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:p-5">
      <div>
        <h4 className="text-base font-semibold text-slate-900">Save your backup codes</h4>
        <p className="mt-1 text-sm text-slate-700">
          If you lose your phone, each of these codes lets you log in once instead of a code from the app. Keep them
          somewhere safe, like a password manager. They will not be shown again.
        </p>
      </div>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 font-mono text-sm text-slate-900 sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded-md border border-amber-200 bg-white px-2 py-1.5 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(text);
              toast({ title: "Copied", description: "Your backup codes are on the clipboard." });
            } catch {
              errorToast("The codes could not be copied. Please select them and copy them by hand.");
            }
          }}
        >
          Copy codes
        </Button>
        <Button asChild variant="secondary">
          <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="directors-backup-codes.txt">
            Download
          </a>
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}
