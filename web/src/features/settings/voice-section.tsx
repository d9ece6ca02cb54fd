import { SettingsSection } from "../../components/settings-section";
import { useSendAtOnce } from "../../components/voice/voice-support";

/** Whether a spoken question waits in the message box to be read, or goes at once; it belongs to this browser. */
export function VoiceSection() {
  const [sendAtOnce, setSendAtOnce] = useSendAtOnce();
  return (
    <SettingsSection
      id="voice"
      title="Voice"
      description="Speak a question with the microphone button beside the message box. Remembered on this device."
    >
      <label className="flex min-h-11 items-start gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-brand-700"
          checked={sendAtOnce}
          onChange={(event) => setSendAtOnce(event.target.checked)}
          aria-describedby="voice-send-at-once-note"
        />
        <span>
          <span className="font-medium">Send spoken questions at once</span>
          <span id="voice-send-at-once-note" className="mt-0.5 block text-slate-600">
            When this is off, your words appear in the message box first, for you to read and correct before sending.
          </span>
        </span>
      </label>
    </SettingsSection>
  );
}
