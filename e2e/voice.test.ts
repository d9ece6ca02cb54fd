import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startFakeAiServer } from "../server/test/fake-ai-server";
import { makeWav } from "../server/test/wav";
import { DESKTOP, PHONE, screenshot, setupBrowser } from "./support/browser";
import { chatInput, chatOwnerPage, conversationList, openChat } from "./support/chat-owner";
import { screenshotEverySize } from "./support/screens";

const fake = await startFakeAiServer();
// Chromium's fake microphone plays this file, over and over, to whoever records.
const microphoneFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "directors-voice-")), "question.wav");
fs.writeFileSync(microphoneFile, makeWav(3, { sampleRate: 48_000, frequency: 330 }));
afterAll(async () => {
  await fake.close();
  fs.rmSync(path.dirname(microphoneFile), { recursive: true, force: true });
});

const browser = setupBrowser(
  { env: { AI_BASE_URL: fake.url, AI_API_KEY: "sk-e2e-voice", CHAT_MODEL: "e2e-chat", EMBEDDING_MODEL: "none" } },
  {
    args: [
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-audio-capture=${microphoneFile}`,
      "--autoplay-policy=no-user-gesture-required",
    ],
  },
);

describe("talking to a director", () => {
  it("records a question, puts the words in the box to send, and reads the answer aloud", async () => {
    const page = await chatOwnerPage(browser, DESKTOP);
    // How far any audio on the page has played: the answer read aloud plays only in an Audio object.
    await page.addInitScript(() => {
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        this.addEventListener("timeupdate", () => {
          const scope = window as unknown as { playedSeconds?: number };
          scope.playedSeconds = Math.max(scope.playedSeconds ?? 0, this.currentTime);
        });
        return play.call(this);
      };
    });
    await openChat(page, "/chat?director=martha");

    // Record; the first upload meets a provider fault, and the recording waits to be sent again.
    const recorder = page.getByRole("region", { name: "Voice recording" });
    await page.getByRole("button", { name: "Speak your question" }).click();
    await recorder.getByText("0:01 / 2:00").waitFor();
    await screenshotEverySize(page, "voice-recording");
    fake.queueTranscription({ fail: { status: 503 } });
    browser.expectConsoleError(/status of 502/);
    await recorder.getByRole("button", { name: "Stop" }).click();
    await recorder.getByText("Failed to generate a response. Please try again.").waitFor();
    await screenshot(page, "voice-retry-1280", { fullPage: false });
    await recorder.getByRole("button", { name: "Try again" }).click();

    // The words are in the box, to be read before sending.
    await page.waitForFunction(
      (expected) => (document.querySelector("textarea") as HTMLTextAreaElement | null)?.value === expected,
      fake.transcript,
    );
    expect(await recorder.count()).toBe(0);
    // The recordings, not the server's one question whether the service transcribes at all.
    const uploads = fake.transcriptionRequests().filter((request) => request.form);
    expect(uploads).toHaveLength(2);
    const sent = uploads[1]?.form?.file as { type: string; size: number };
    expect(sent.type).toBe("audio/webm");
    expect(sent.size).toBeGreaterThan(1000);
    // The same recording, sent again.
    expect(uploads[0]?.form?.file).toEqual(sent);

    // Escape throws a recording away.
    await page.getByRole("button", { name: "Speak your question" }).click();
    await recorder.getByText("Listening…").waitFor();
    await page.keyboard.press("Escape");
    await recorder.waitFor({ state: "detached" });
    expect(fake.transcriptionRequests().filter((request) => request.form)).toHaveLength(2);

    // Send, and listen to the answer: it plays, can be paused and stopped.
    fake.queueChat({ reply: "Price the **three-tier cake** at £240 [1], and take a deposit [2]." });
    await chatInput(page).press("Enter");
    const listen = conversationList(page).getByRole("button", { name: "Listen" });
    await listen.click();
    await page.waitForFunction(() => ((window as unknown as { playedSeconds?: number }).playedSeconds ?? 0) > 0.2);
    expect(fake.speechRequests().at(-1)?.body.input).toBe("Price the three-tier cake at £240, and take a deposit.");
    await screenshot(page, "voice-listen-1280", { fullPage: false });
    await conversationList(page).getByRole("button", { name: "Pause" }).click();
    await conversationList(page).getByRole("button", { name: "Resume" }).waitFor();
    await conversationList(page).getByRole("button", { name: "Stop listening" }).click();
    await listen.waitFor();

    // On a phone, by keyboard: the microphone button, its panel and the answer's Listen fit in 375 px.
    await page.setViewportSize(PHONE);
    await chatInput(page).focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await recorder.getByText("0:01 / 2:00").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await screenshot(page, "voice-recording-375", { fullPage: false });
    await page.keyboard.press("Enter");
    await page.waitForFunction(
      (expected) => (document.querySelector("textarea") as HTMLTextAreaElement | null)?.value === expected,
      fake.transcript,
    );
    await screenshot(page, "voice-answer-375", { fullPage: false });

    // A microphone the owner blocked: the panel says how to allow it, and nothing is sent.
    await page.evaluate(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    });
    await page.getByRole("button", { name: "Speak your question" }).click();
    await recorder.getByText("Directors can't use your microphone.").waitFor();
    await recorder.getByText(/set Microphone to Allow/).waitFor();
    await screenshot(page, "voice-denied-375", { fullPage: false });
    await recorder.getByRole("button", { name: "Close" }).click();
    await recorder.waitFor({ state: "detached" });

    // Settings → Voice: spoken questions can go at once instead.
    await page.setViewportSize(DESKTOP);
    await page.goto("/settings");
    const sendAtOnce = page.getByRole("checkbox", { name: "Send spoken questions at once" });
    await sendAtOnce.check();
    await sendAtOnce.scrollIntoViewIfNeeded();
    await screenshot(page, "voice-settings-1280", { fullPage: false });
    await openChat(page, "/chat?director=martha");
    fake.transcript = "What should my Instagram budget be?";
    await page.getByRole("button", { name: "Speak your question" }).click();
    await recorder.getByText("0:01 / 2:00").waitFor();
    await recorder.getByRole("button", { name: "Stop" }).click();
    await conversationList(page).getByText("What should my Instagram budget be?").first().waitFor();
    expect(await chatInput(page).inputValue()).toBe("");

    // Training answers are the longest an owner gives: the same button sits under each, and adds to what is there.
    await page.setViewportSize(PHONE);
    await page.goto("/train-director/finn");
    const answer = page.getByRole("textbox");
    await answer.fill("We sell online.");
    fake.transcript = "Most of our revenue comes from subscriptions.";
    await page.getByRole("button", { name: "Speak your answer" }).click();
    await recorder.getByText("0:01 / 2:00").waitFor();
    await screenshot(page, "voice-training-375", { fullPage: false });
    await recorder.getByRole("button", { name: "Stop" }).click();
    await page.waitForFunction(
      () =>
        (document.querySelector("textarea") as HTMLTextAreaElement | null)?.value ===
        "We sell online. Most of our revenue comes from subscriptions.",
    );
  });
});
