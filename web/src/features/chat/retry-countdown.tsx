import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button";

/**
 * A busy AI service being asked again: the seconds until the next try,
 * counting down, and Stop, which gives up on this answer.
 */
export function RetryCountdown(props: { at: number; onStop: () => void }) {
  const seconds = useSecondsUntil(props.at);
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
      <span>The AI service is busy — {seconds > 0 ? `trying again in ${seconds} s` : "trying again now"}</span>
      <Button variant="secondary" size="sm" className="h-8" onClick={props.onStop}>
        Stop
      </Button>
    </span>
  );
}

/** Whole seconds left until `at` (a Date.now() time), rounded up, updated every second. */
function useSecondsUntil(at: number): number {
  const left = () => Math.max(0, Math.ceil((at - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const tick = () => setSeconds(Math.max(0, Math.ceil((at - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [at]);
  return seconds;
}
