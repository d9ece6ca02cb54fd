import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { sendIcon, stopIcon } from "../../components/ui/page-icons";

/** A composer's last button: Stop while an answer is being written, otherwise Send (a submit). */
export function SendOrStopButton(props: {
  answering: boolean;
  onStop: () => void;
  stopLabel: string;
  sendLabel: string;
  canSend: boolean;
}) {
  return props.answering ? (
    <Button
      type="button"
      size="icon"
      variant="secondary"
      onClick={props.onStop}
      aria-label={props.stopLabel}
      className="rounded-xl"
    >
      <Icon drawing={stopIcon} className="h-4 w-4" />
    </Button>
  ) : (
    <Button type="submit" size="icon" aria-label={props.sendLabel} disabled={!props.canSend} className="rounded-xl">
      <Icon drawing={sendIcon} className="h-5 w-5" />
    </Button>
  );
}
