import { ClipboardList, LogOut, Menu, UserRound, UserRoundPen, Users, Video, X } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/layouts/logo';
import { LanguageSelect } from '@/features/preferences/components/language-select';
import { ThemeToggle } from '@/features/preferences/components/theme-toggle';

export interface HeaderSession {
  email: string;
  onLogout: () => void;
  /** The user has no fighter profile yet, or an empty one (external sign-in): prompt to complete it. */
  profileIncomplete?: boolean;
  /** Instructors reach their members from the header. */
  isInstructor?: boolean;
}

/** The signed-in user's pages, in the order the header lists them. */
interface NavItem {
  to: string;
  icon: LucideIcon;
  labelKey: string;
}

function navItems(session: HeaderSession): NavItem[] {
  return [
    { to: '/video-analysis', icon: Video, labelKey: 'nav.videoAnalysis' },
    { to: '/class-session', icon: ClipboardList, labelKey: 'nav.manageClasses' },
    ...(session.isInstructor ? [{ to: '/members', icon: Users, labelKey: 'nav.members' }] : []),
  ];
}

/** The amber dot on a button that leads to an incomplete profile. */
function IncompleteDot() {
  return <span className="absolute top-1 right-1 h-2 w-2 rounded-full bg-amber-500" aria-hidden />;
}

/**
 * Below lg the row has no room for the pages' names (Polish ones are long), and an icon alone says
 * little to a sighted user:
 * the pages sit behind a Menu button (its name shown), in a panel that names every one. Escape or a
 * click outside closes it, and so does following one of its links.
 */
function PhoneMenu({ session }: { session: HeaderSession }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  // A link followed (or any other page change) closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      root.current?.querySelector('button')?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (root.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const itemClass =
    'flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium text-zinc-800 hover:bg-zinc-100 dark:text-zinc-100 dark:hover:bg-zinc-800';
  return (
    <div ref={root} className="lg:hidden">
      <Button
        variant="ghost"
        size="sm"
        className="relative shrink-0 px-2"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? <X className="h-4 w-4" aria-hidden /> : <Menu className="h-4 w-4" aria-hidden />}
        {t('nav.menu')}
        {session.profileIncomplete && !open && <IncompleteDot />}
      </Button>
      {open && (
        <div
          id={panelId}
          className="absolute inset-x-0 top-full z-40 border-b border-zinc-200 bg-white shadow-lg dark:border-zinc-800 dark:bg-zinc-950"
        >
          <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-3 py-3">
            {navItems(session).map(({ to, icon: Icon, labelKey }) => (
              <li key={to}>
                <Link to={to} className={itemClass} aria-current={pathname === to ? 'page' : undefined}>
                  <Icon className="h-4 w-4 shrink-0" aria-hidden />
                  {t(labelKey)}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/profile" className={itemClass} aria-current={pathname === '/profile' ? 'page' : undefined}>
                <UserRound className="h-4 w-4 shrink-0" aria-hidden />
                <span className="flex min-w-0 flex-col">
                  <span>{t('nav.profile')}</span>
                  <span className="truncate text-xs font-normal text-zinc-500 dark:text-zinc-400">{session.email}</span>
                </span>
                {session.profileIncomplete && (
                  <span className="ml-auto h-2 w-2 shrink-0 rounded-full bg-amber-500" aria-hidden />
                )}
              </Link>
            </li>
            <li className="border-t border-zinc-200 pt-1 dark:border-zinc-800">
              <button type="button" className={`w-full text-left ${itemClass}`} onClick={session.onLogout}>
                <LogOut className="h-4 w-4 shrink-0" aria-hidden />
                {t('nav.logout')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}

/** Under the header, on every page but /profile itself: the profile is incomplete, with a link there. */
function CompleteProfilePrompt() {
  const { t } = useTranslation();
  return (
    <div className="border-t border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-100">
      <p className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm sm:px-4">
        <UserRoundPen className="h-4 w-4 shrink-0" aria-hidden />
        <span>{t('nav.profileIncomplete')}</span>
        <Link to="/profile" className="font-semibold underline underline-offset-2 hover:no-underline">
          {t('nav.completeProfile')}
        </Link>
      </p>
    </div>
  );
}

/**
 * Logo, the hidden pricing link, the visitor or signed-in navigation, language and theme. A signed-in
 * user reaches their profile from the welcome line (xl), the Profile button (lg) or the menu (phones and
 * tablets), where every page is named in words.
 */
export function SiteHeader({ session }: { session: HeaderSession | null }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <header className="relative z-30 border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:px-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold" aria-label={t('nav.home')}>
          <Logo className="h-8 w-8" />
          <span className="hidden sm:inline">OpenMat</span>
        </Link>
        <Link to="/pricing" className="hidden">
          {t('nav.pricing')}
        </Link>
        <nav aria-label={t('nav.label')} className="ml-auto flex items-center gap-1 sm:gap-2">
          {session ? (
            <>
              <div className="hidden items-center gap-2 lg:flex">
                {navItems(session).map(({ to, icon: Icon, labelKey }) => (
                  <Button key={to} asChild variant="ghost" size="sm" className="shrink-0">
                    <Link to={to}>
                      <Icon className="h-4 w-4" aria-hidden />
                      {t(labelKey)}
                    </Link>
                  </Button>
                ))}
                <Button asChild variant="ghost" size="sm" className="relative shrink-0 xl:hidden">
                  <Link to="/profile" title={t('nav.profileTitle')}>
                    <UserRound className="h-4 w-4" aria-hidden />
                    {t('nav.profile')}
                    {session.profileIncomplete && <IncompleteDot />}
                  </Link>
                </Button>
                <Link
                  to="/profile"
                  title={t('nav.profileTitle')}
                  className="hidden max-w-72 min-w-0 truncate rounded-md px-2 py-1 text-sm text-zinc-600 underline-offset-2 hover:bg-zinc-100 hover:text-zinc-900 hover:underline xl:inline-block dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
                >
                  {t('nav.welcome', { email: session.email })}
                </Link>
                <Button variant="secondary" size="sm" className="shrink-0" onClick={session.onLogout}>
                  <LogOut className="h-4 w-4" aria-hidden />
                  {t('nav.logout')}
                </Button>
              </div>
              <PhoneMenu session={session} />
            </>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm" className="shrink-0 max-sm:px-2">
                <Link to="/home">{t('nav.login')}</Link>
              </Button>
              <Button asChild size="sm" className="shrink-0 max-sm:px-2">
                <Link to="/register">{t('nav.register')}</Link>
              </Button>
            </>
          )}
          <LanguageSelect />
          <ThemeToggle />
        </nav>
      </div>
      {session?.profileIncomplete && pathname !== '/profile' && <CompleteProfilePrompt />}
    </header>
  );
}
