import { cn } from "../lib/cn";
import { Button } from "./ui/button";
import { Card } from "./ui/card";

/** A page's data could not be read: what failed, the server's reason, and "Try again". */
export function LoadFailed(props: { title: string; message: string; onRetry: () => void; className?: string }) {
  return (
    <Card role="alert" className={cn("p-6 text-center", props.className)}>
      <p className="font-semibold text-slate-900">{props.title}</p>
      <p className="mt-1 text-sm text-slate-600">{props.message}</p>
      <Button className="mt-4" variant="secondary" onClick={props.onRetry}>
        Try again
      </Button>
    </Card>
  );
}
