import { Link } from "react-router";
import { TRIAL_DAYS } from "#shared/constants";
import { PLANS } from "#shared/plans";
import { ContactEmail } from "./contact-email";
import { LegalPageLayout, LegalSection } from "./legal-page-layout";

/** /terms: the rules of using Directors, in plain words. */
export function TermsPage() {
  return (
    <LegalPageLayout
      title="Terms of Service"
      updated="21 November 2026"
      intro={
        <p>
          These terms apply when you create an account on Directors or use it. They are written to be read: if anything
          is unclear, ask us before you rely on it.
        </p>
      }
    >
      <LegalSection id="service" title="The service">
        <p>
          Directors gives business owners AI advisers, called directors, for marketing, finance, operations, HR, sales
          and business development. You describe your business once, train the directors you want, and then ask them
          questions. Their answers draw on what you have told them.
        </p>
      </LegalSection>

      <LegalSection id="account" title="Your account">
        <ul>
          <li>Give your real name and an email address you can read, and keep your password to yourself.</li>
          <li>You are responsible for what happens in your account. Sign out on shared computers.</li>
          <li>If you think someone else has used your account, change your password in Settings and tell us.</li>
        </ul>
      </LegalSection>

      <LegalSection id="plans" title="Plans and the free trial">
        <ul>
          {PLANS.map((plan) => (
            <li key={plan.id}>
              <strong>{plan.name}</strong>
              {plan.price === plan.name ? "" : ` (${plan.price})`}: {plan.directorCount}{" "}
              {plan.directorCount === 1 ? "director" : "directors"}, training level {plan.trainingLevel}
              {plan.id === "free-trial" ? `, for ${TRIAL_DAYS} days` : ""}.
            </li>
          ))}
        </ul>
        <p>
          The free trial lasts {TRIAL_DAYS} days from the moment you choose it and can be started once per account. When
          it ends, choose a paid plan to keep working with your directors; your data stays in your account meanwhile.
          Current prices are always on the <Link to="/pricing">pricing page</Link>.
        </p>
      </LegalSection>

      <LegalSection id="advice" title="AI advice is a starting point">
        <p>
          Directors&apos; answers are written by an AI model. They can be wrong, incomplete or out of date, even when
          they sound confident. They are not legal, tax, accounting, financial or employment advice. Check anything
          important with a qualified professional before you act on it; the decisions you take remain yours.
        </p>
      </LegalSection>

      <LegalSection id="content" title="Your content">
        <p>
          What you enter — your business profile, training answers and questions — stays yours. You allow us to store
          and process it only to provide the service to you, which includes sending it to our AI provider to produce
          answers, as the <Link to="/privacy">Privacy Policy</Link> explains. Enter only information you are allowed to
          share, and avoid personal details about employees or customers that a director does not need.
        </p>
      </LegalSection>

      <LegalSection id="use" title="Fair use">
        <ul>
          <li>Do not use Directors for anything unlawful, or to produce content meant to deceive or harm people.</li>
          <li>Do not try to reach other customers&apos; data or get around the service&apos;s limits and security.</li>
          <li>Do not overload the service with automated requests; we limit how fast requests can be sent.</li>
        </ul>
        <p>We may suspend an account that breaks these rules, and will tell you why at your account&apos;s email.</p>
      </LegalSection>

      <LegalSection id="ending" title="Leaving">
        <p>
          You can stop whenever you like. <strong>Settings → Your data</strong> lets you download everything stored
          about you and delete your account; deletion is immediate and permanent.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="Changes and availability">
        <p>
          We work to keep Directors available and your data safe, but the service is provided as it is, without a
          guarantee that it will always be available or free of errors. We may improve or change features; when these
          terms change, we update this page and its date, and tell you about important changes by email.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="Contact">
        <p>
          Questions about these terms: <ContactEmail />.
        </p>
      </LegalSection>
    </LegalPageLayout>
  );
}
