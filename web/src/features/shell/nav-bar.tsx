import { useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { errorToast } from "../../components/ui/use-toast";
import { api } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useResetSession, useSession } from "../auth/use-session";

const LINKS = [
  { to: "/", label: "Home" },
  { to: "/chat", label: "Chat" },
  { to: "/subscription", label: "Pricing" },
  { to: "/settings", label: "Settings" },
] as const;

/** The spec's navigation bar; on phones the links fold into a menu button. */
export function NavBar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-lg bg-brand-900 text-white">
            D
          </span>
          Directors
        </Link>
        <ul className="hidden items-center gap-1 md:flex">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavItem to={link.to} label={link.label} />
            </li>
          ))}
        </ul>
        <div className="ml-auto hidden items-center gap-2 md:flex">
          <SessionButtons />
        </div>
        <button
          type="button"
          className="ml-auto inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </nav>
      {menuOpen ? (
        <div id="mobile-menu" className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 md:hidden">
          <ul className="grid gap-1">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavItem to={link.to} label={link.label} block />
              </li>
            ))}
          </ul>
          <div className="mt-3 flex gap-2 border-t border-slate-200 pt-3">
            <SessionButtons />
          </div>
        </div>
      ) : null}
    </header>
  );
}

function NavItem({ to, label, block }: { to: string; label: string; block?: boolean }) {
  return (
    <NavLink
      to={to}
      end={to === "/"}
      className={({ isActive }) =>
        cn(
          "rounded-lg px-3 py-2 text-sm font-medium transition-colors",
          block && "block text-base",
          isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
        )
      }
    >
      {label}
    </NavLink>
  );
}

function SessionButtons() {
  const session = useSession();
  const resetSession = useResetSession();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  if (session.isPending) return <span className="h-9 w-40" aria-hidden="true" />;
  if (session.data?.user) {
    return (
      <Button
        variant="secondary"
        size="sm"
        disabled={signingOut}
        onClick={async () => {
          setSigningOut(true);
          try {
            await api("/api/auth/logout", { method: "POST", body: {} });
            resetSession({ user: null, next: null });
            navigate("/", { replace: true });
          } catch (error) {
            errorToast((error as Error).message);
          } finally {
            setSigningOut(false);
          }
        }}
      >
        Sign Out
      </Button>
    );
  }
  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to="/auth?login=true">Log In</Link>
      </Button>
      <Button asChild size="sm">
        <Link to="/auth?signup=true">Sign Up</Link>
      </Button>
    </>
  );
}
