import { usePublicConfig } from "../../lib/use-public-config";

/** The contact address from configuration (CONTACT_EMAIL), as a mailto link. */
export function ContactEmail({ className }: { className?: string }) {
  const config = usePublicConfig();
  if (config.data) {
    return (
      <a href={`mailto:${config.data.contactEmail}`} className={className}>
        {config.data.contactEmail}
      </a>
    );
  }
  if (config.isError) {
    return (
      <a href="/contact" className={className}>
        our contact page
      </a>
    );
  }
  return (
    <span className="inline-block h-4 w-48 animate-pulse rounded bg-slate-200 align-middle">
      <span className="sr-only">Loading...</span>
    </span>
  );
}
