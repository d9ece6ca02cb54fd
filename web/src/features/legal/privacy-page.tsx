import { Link } from "react-router";
import { ContactEmail } from "./contact-email";
import { LegalPageLayout, LegalSection } from "./legal-page-layout";

/** /privacy: what Directors stores, who else sees it, and how to take it out. */
export function PrivacyPage() {
  return (
    <LegalPageLayout
      title="Privacy Policy"
      updated="21 November 2026"
      intro={
        <p>
          Your directors can only give good advice if you tell them about your business. This page explains what we
          keep, why, who else receives it, and how you can download or delete all of it yourself.
        </p>
      }
    >
      <div className="rounded-2xl border border-brand-200 bg-brand-50 p-6 text-slate-800">
        <h2 className="font-semibold text-slate-900">In short</h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 leading-7">
          <li>We store what you give us, only to run your directors for you.</li>
          <li>
            To answer a question, we send it with your business context to the AI provider that powers the directors.
          </li>
          <li>We do not sell your data, show ads, or use analytics or tracking cookies.</li>
          <li>
            You can export or delete everything at any time in <strong>Settings → Your data</strong>.
          </li>
        </ul>
      </div>

      <LegalSection id="stored" title="What we store">
        <ul>
          <li>
            <strong>Your account:</strong> your name, your email address and the date you signed up. Your password is
            stored only as a salted one-way hash; nobody, including us, can read it back.
          </li>
          <li>
            <strong>Your sessions:</strong> while you are signed in, a session record with the time it started and
            expires, and the IP address and browser it started from, so you can see and end your sessions.
          </li>
          <li>
            <strong>Your plan:</strong> which plan you chose and when, and the start and end of your free trial.
          </li>
          <li>
            <strong>Your business profile:</strong> the ten onboarding answers about your business, its customers,
            products, goals, challenges, competitors and how you measure success.
          </li>
          <li>
            <strong>Your training answers:</strong> the ten answers you give each director you train, and the context
            text built from them and your business profile. To find the parts that matter for a question we also keep
            that text in smaller pieces with a search index and, when an embedding model is configured, numeric
            embeddings of each piece.
          </li>
          <li>
            <strong>Your conversations:</strong> your questions and your directors&apos; answers, with their times, for
            each director. &ldquo;Clear conversation&rdquo; starts a fresh conversation with that director.
          </li>
        </ul>
        <p>
          In your browser we set one cookie, an httpOnly session cookie that keeps you signed in. While you fill in
          onboarding, a draft of your answers is also kept in your browser&apos;s local storage so that a reload loses
          nothing.
        </p>
      </LegalSection>

      <LegalSection id="ai-provider" title="What the AI provider receives">
        <p>
          Directors are powered by an AI model from an OpenAI-compatible provider chosen by whoever runs this service
          (for example OpenAI, Azure OpenAI or a self-hosted model). When you ask a director a question, our server
          sends the provider:
        </p>
        <ul>
          <li>your question and the earlier messages of that conversation;</li>
          <li>the director&apos;s instructions;</li>
          <li>
            your business context: your business profile, that director&apos;s training answers, and the pieces of your
            other stored context that best match the question.
          </li>
        </ul>
        <p>
          When an embedding model is configured, the text of your business profile and training answers is also sent to
          the provider once, when you save them, to build the search index. The provider handles this data under its own
          terms. The key that gives us access to the provider stays on our server; it is never sent to your browser.
        </p>
      </LegalSection>

      <LegalSection id="not-shared" title="What we do not do">
        <ul>
          <li>We do not sell or rent your data, and we do not use it for advertising.</li>
          <li>We do not load analytics, ad or social-media scripts, and our pages request nothing from other sites.</li>
          <li>
            If a demo video from YouTube or Vimeo is shown on the home page, nothing is loaded from them until you press
            play; from then on their privacy policy applies to that video.
          </li>
          <li>Other customers can never read your data: every request is checked against your own account.</li>
        </ul>
      </LegalSection>

      <LegalSection id="your-data" title="Export or delete your data">
        <p>
          Signed in, open <Link to="/settings">Settings → Your data</Link>:
        </p>
        <ul>
          <li>
            <strong>Export my data</strong> downloads a JSON file with everything listed above that belongs to your
            account, except your password hash and session tokens.
          </li>
          <li>
            <strong>Delete account</strong> permanently removes your account and everything stored with it — plan,
            business profile, training answers, context and conversations — right away. It cannot be undone, so export
            first if you want a copy.
          </li>
        </ul>
        <p>
          The onboarding draft in your browser is yours to clear with your browser&apos;s site-data settings. Server
          logs record the path, status and timing of each request for troubleshooting, not what you type.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="Questions">
        <p>
          Write to <ContactEmail /> about anything on this page. If we change this policy, we will update this page and
          its date.
        </p>
      </LegalSection>
    </LegalPageLayout>
  );
}
