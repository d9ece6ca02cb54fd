import { Link } from "react-router";
import { CARD_STAGGER_SECONDS, TRIAL_DAYS } from "#shared/constants";
import { DIRECTORS } from "#shared/directors";
import { BeyondChat } from "../../components/beyond-chat";
import { SiteFooter } from "../../components/site-footer";
import { Button } from "../../components/ui/button";
import { usePublicConfig } from "../../lib/use-public-config";
import { DemoVideo } from "./demo-video";
import "./landing.css";
import { usePageTitle } from "../../lib/use-page-title";

const SIGN_UP = "/auth?signup=true";

/** The public landing page of spec section 2, at / for visitors and always at /index. */
export function LandingPage() {
  usePageTitle();
  const config = usePublicConfig();
  const available = config.data?.availableDirectors;

  return (
    <>
      <section
        aria-labelledby="hero-title"
        className="bg-gradient-to-b from-brand-50 via-white to-slate-50 px-4 pt-12 pb-16 sm:px-6 sm:pt-20 sm:pb-24"
      >
        <div className="mx-auto max-w-5xl text-center">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-sm font-medium text-brand-800 shadow-sm">
            <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-brand-600" />
            Start with a {TRIAL_DAYS}-day free trial
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-[2.5rem] leading-[1.1] font-extrabold tracking-tight text-balance text-slate-900 sm:text-6xl lg:text-7xl"
          >
            AI Directors For Your Business Success
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-base text-pretty text-slate-600 sm:mt-6 sm:text-xl">
            Expert AI directors trained with industry best practices to elevate your business operations.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={SIGN_UP}>Start Free Trial</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/pricing">View Plans</Link>
            </Button>
          </div>
        </div>
        <div className="mx-auto mt-12 max-w-4xl sm:mt-16">
          <DemoVideo source={config.data?.demoVideo} poster={config.data?.demoPosterUrl ?? null} />
        </div>
      </section>

      <section aria-labelledby="directors-title" className="bg-slate-50 px-4 py-16 sm:px-6 sm:py-24">
        <div className="mx-auto max-w-7xl">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="directors-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              Meet Your AI Directors
            </h2>
            <p className="mt-4 text-lg text-slate-600">
              Each director learns your business from your own answers, then gives advice that fits it.
            </p>
          </div>
          <ul className="mt-12 grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3 lg:gap-6">
            {DIRECTORS.map((director, index) => (
              <li
                key={director.id}
                className="landing-card-in flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
                style={{ animationDelay: `${index * CARD_STAGGER_SECONDS}s` }}
              >
                <div className="flex items-center gap-4">
                  <span
                    aria-hidden="true"
                    className="grid h-12 w-12 shrink-0 place-items-center rounded-xl bg-gradient-to-br from-brand-600 to-brand-900 text-xl font-bold text-white shadow-sm"
                  >
                    {director.icon}
                  </span>
                  <div className="min-w-0">
                    <h3 className="text-lg font-semibold text-slate-900">{director.name}</h3>
                    <p className="text-sm font-medium text-brand-700">{director.title}</p>
                  </div>
                  {available && !available.includes(director.id) ? (
                    <span className="ml-auto shrink-0 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700">
                      Coming soon
                    </span>
                  ) : null}
                </div>
                <p className="mt-4 text-slate-600 first-letter:uppercase">{director.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="extras-title"
        className="border-t border-slate-200 bg-slate-50 px-4 py-16 sm:px-6 sm:py-24"
      >
        <div className="mx-auto max-w-7xl">
          <h2 id="extras-title" className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            More than a chat
          </h2>
          <BeyondChat headingLevel="h3" className="mt-12" />
        </div>
      </section>

      <section aria-labelledby="steps-title" className="border-t border-slate-200 bg-white px-4 py-16 sm:px-6 sm:py-24">
        <div className="mx-auto max-w-7xl">
          <h2 id="steps-title" className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            How it works
          </h2>
          <ol className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-4 lg:flex-col">
                <span
                  aria-hidden="true"
                  className="grid h-10 w-10 shrink-0 place-items-center rounded-full border border-brand-200 bg-brand-50 font-semibold text-brand-800"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{step.title}</h3>
                  <p className="mt-1 text-slate-600">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="keep-colors bg-brand-900 px-4 py-16 sm:px-6 sm:py-20">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
            Ready to Transform Your Business?
          </h2>
          <p className="mt-4 text-lg text-pretty text-brand-100">
            Start your 7-day free trial today and experience the power of AI directors customized for your business.
          </p>
          <Link
            to={SIGN_UP}
            className="mt-8 inline-flex h-12 items-center justify-center rounded-lg bg-white px-6 text-base font-semibold text-brand-900 shadow-sm transition-colors hover:bg-brand-50 focus-visible:outline-white"
          >
            Get Started Now
          </Link>
        </div>
      </section>

      <SiteFooter />
    </>
  );
}

const STEPS = [
  { title: "Choose a plan", text: `Begin with the ${TRIAL_DAYS}-day free trial, or pick Standard or Premium.` },
  { title: "Describe your business", text: "Ten short questions: what you sell, to whom, and where you want to go." },
  { title: "Train your director", text: "Answer ten questions for the department you want help with." },
  { title: "Ask for advice", text: "Chat any time. Every answer draws on the context you gave." },
] as const;
