import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { ThemeChoice } from "../../components/theme-choice";
import { closeIcon, menuIcon } from "../../components/ui/app-icons";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { api } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useBusyAction } from "../../lib/use-busy-action";
import { useFinishSignOut, useSession } from "../../lib/use-session";

/** The check-in badge on Numbers: fetched only for a signed-in owner, never on the landing page. */
const NumbersDueBadge = lazy(() =>
  import("../numbers/numbers-due-badge").then((module) => ({ default: module.NumbersDueBadge })),
);

/** The spec's links for a signed-in owner; Pricing is their plan picker. */
const OWNER_LINKS = [
  { to: "/", label: "Home" },
  { to: "/chat", label: "Chat" },
  { to: "/knowledge", label: "Knowledge" },
  { to: "/documents", label: "Documents" },
  { to: "/numbers", label: "Numbers" },
  { to: "/this-week", label: "This week" },
  { to: "/subscription", label: "Pricing" },
  { to: "/settings", label: "Settings" },
] as const;

/** A visitor sees only what they can use: the public plans, and no Chat or Settings that would ask them to log in. */
const VISITOR_LINKS = [
  { to: "/", label: "Home" },
  { to: "/pricing", label: "Pricing" },
] as const;

/**
 * The spec's navigation bar. Below 1280 px, where its eight links no longer fit beside the theme and Sign Out, the
 * links fold into a disclosure menu: the toggle is a real button (Enter/Space), Tab walks the links, Escape or a
 * click outside closes it and focus returns to the toggle.
 */
export function NavBar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const [menuPath, setMenuPath] = useState(location.pathname);
  const header = useRef<HTMLElement>(null);
  const session = useSession();
  const links = session.data?.user ? OWNER_LINKS : VISITOR_LINKS;
  const toggle = useRef<HTMLButtonElement>(null);
  // Only a signed-in owner has numbers to check in; the badge reads the count again on each page.
  const badgePath = session.data?.user ? location.pathname : undefined;
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!header.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [menuOpen]);

  return (
    <header ref={header} className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="flex h-16 items-center gap-6">
          <Link
            to="/"
            className="flex h-11 items-center gap-2.5 rounded-lg text-lg font-bold tracking-tight text-slate-900"
          >
            <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
              {/* The logo keeps its own colours in both themes, like the app's icon. */}
              <rect width="32" height="32" rx="8" fill="#1e3a8a" />
              <path d="M9 8h7a8 8 0 0 1 0 16H9z" fill="none" stroke="#fff" strokeWidth="3" />
            </svg>
            Directors
          </Link>
          <NavLinks links={links} badgePath={badgePath} className="hidden items-center gap-1 xl:flex" />
          <div className="ml-auto hidden items-center gap-2 xl:flex">
            <ThemeChoice compact />
            <SessionButtons />
          </div>
          <button
            ref={toggle}
            type="button"
            className="ml-auto inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 xl:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label="Menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Icon drawing={menuOpen ? closeIcon : menuIcon} className="h-6 w-6" />
          </button>
        </div>
        <div id="mobile-menu" hidden={!menuOpen} className="border-t border-slate-200 pt-2 pb-4 xl:hidden">
          <NavLinks links={links} badgePath={badgePath} className="grid gap-1" block />
          <div className="mt-3 flex items-center gap-3 border-t border-slate-200 pt-3">
            <span id="mobile-menu-theme" className="text-sm font-medium text-slate-700">
              Theme
            </span>
            <ThemeChoice labelledBy="mobile-menu-theme" />
          </div>
          <div className="mt-3 flex gap-2 border-t border-slate-200 pt-3 [&>*]:flex-1">
            <SessionButtons inMenu />
          </div>
        </div>
      </nav>
    </header>
  );
}

/** The bar's links: in a row on a wide screen, stacked (`block`) in the phone menu. */
function NavLinks(props: {
  links: ReadonlyArray<{ to: string; label: string }>;
  badgePath: string | undefined;
  className: string;
  block?: boolean;
}) {
  return (
    <ul className={props.className}>
      {props.links.map((link) => (
        <li key={link.to}>
          <NavItem
            to={link.to}
            label={link.label}
            badge={link.to === "/numbers" ? props.badgePath : undefined}
            block={props.block}
          />
        </li>
      ))}
    </ul>
  );
}

/** A link of the bar; `badge` (the current path) shows the check-in badge beside Numbers. */
function NavItem({ to, label, block, badge }: { to: string; label: string; block?: boolean; badge?: string }) {
  return (
    <NavLink
      to={to}
      end={to === "/"}
      className={({ isActive }) =>
        cn(
          "rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors",
          block && "block py-2.5 text-base",
          isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
        )
      }
    >
      {label}
      {badge === undefined ? null : (
        <Suspense fallback={null}>
          <NumbersDueBadge path={badge} />
        </Suspense>
      )}
    </NavLink>
  );
}

/** Sign Out, or Log In and Sign Up; in the phone menu Log In gets an outline so it reads as a button. */
function SessionButtons({ inMenu = false }: { inMenu?: boolean }) {
  const session = useSession();
  const finishSignOut = useFinishSignOut();
  const [signingOut, signOut] = useBusyAction();

  // Unknown while the session cannot be checked: neither Sign Out nor Log In until it can.
  if (session.isPending || (session.isError && !session.data)) return <span className="h-9 w-40" aria-hidden="true" />;
  if (session.data?.user) {
    return (
      <Button
        variant="secondary"
        size={inMenu ? "md" : "sm"}
        disabled={signingOut}
        onClick={() =>
          signOut(async () => {
            await api("/api/auth/logout", { method: "POST", body: {} });
            await finishSignOut("/");
          })
        }
      >
        Sign Out
      </Button>
    );
  }
  return (
    <>
      <Button asChild variant={inMenu ? "secondary" : "ghost"} size={inMenu ? "md" : "sm"}>
        <Link to="/auth?login=true">Log In</Link>
      </Button>
      <Button asChild size={inMenu ? "md" : "sm"}>
        <Link to="/auth?signup=true">Sign Up</Link>
      </Button>
    </>
  );
}
