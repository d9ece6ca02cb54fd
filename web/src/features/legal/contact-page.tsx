import { Link } from "react-router";
import { Icon } from "../../components/ui/icon";
import { mailIcon } from "../../components/ui/page-icons";
import { ContactEmail } from "./contact-email";
import { LegalPageLayout, LegalSection } from "./legal-page-layout";

/** /contact: the address from configuration and what to put in a message. */
export function ContactPage() {
  return (
    <LegalPageLayout
      title="Contact"
      intro={<p>Questions about your account, your plan or your data? Write to us and a person will answer.</p>}
    >
      <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:p-8">
        <span className="grid h-12 w-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
          <Icon drawing={mailIcon} className="h-6 w-6" />
        </span>
        <div className="min-w-0">
          <h2 className="text-sm font-medium text-slate-600">Email</h2>
          <p className="mt-1 text-xl font-semibold wrap-anywhere text-slate-900">
            <ContactEmail className="text-brand-700 underline-offset-4 hover:underline" />
          </p>
        </div>
      </div>

      <LegalSection id="include" title="What to include">
        <ul>
          <li>the email address of your account, so we can find it;</li>
          <li>what you were doing and what you expected to happen;</li>
          <li>the exact message you saw, or a screenshot.</li>
        </ul>
        <p>Never send your password: we will not ask for it, and we do not need it to help you.</p>
      </LegalSection>

      <LegalSection id="self-service" title="Things you can do right away">
        <ul>
          <li>
            Download or delete your data: <Link to="/settings">Settings → Your data</Link>.
          </li>
          <li>
            Compare or change plans: <Link to="/pricing">Pricing</Link>.
          </li>
          <li>
            How we handle your data: <Link to="/privacy">Privacy Policy</Link> and{" "}
            <Link to="/terms">Terms of Service</Link>.
          </li>
        </ul>
      </LegalSection>
    </LegalPageLayout>
  );
}
