import { ClipboardList, LogIn, LogOut, UserPlus, UserRound, UserRoundPen, Users, Video } from 'lucide-react';
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

/** Below md the signed-in buttons show only their icon: narrower padding keeps the row within a phone. */
const ICON_ON_PHONE = 'shrink-0 max-md:px-2';

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
 * user reaches their profile from the welcome line (wide screens) or the Profile button (narrower).
 */
export function SiteHeader({ session }: { session: HeaderSession | null }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <header className="border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
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
              <Button asChild variant="ghost" size="sm" className={ICON_ON_PHONE}>
                <Link to="/video-analysis">
                  <Video className="h-4 w-4" aria-hidden />
                  <span className="sr-only md:not-sr-only">{t('nav.videoAnalysis')}</span>
                </Link>
              </Button>
              <Button asChild variant="ghost" size="sm" className={ICON_ON_PHONE}>
                <Link to="/class-session">
                  <ClipboardList className="h-4 w-4" aria-hidden />
                  <span className="sr-only md:not-sr-only">{t('nav.manageClasses')}</span>
                </Link>
              </Button>
              {session.isInstructor && (
                <Button asChild variant="ghost" size="sm" className={ICON_ON_PHONE}>
                  <Link to="/members">
                    <Users className="h-4 w-4" aria-hidden />
                    <span className="sr-only md:not-sr-only">{t('nav.members')}</span>
                  </Link>
                </Button>
              )}
              <Button asChild variant="ghost" size="sm" className={`relative lg:hidden ${ICON_ON_PHONE}`}>
                <Link to="/profile" title={t('nav.profileTitle')}>
                  <UserRound className="h-4 w-4" aria-hidden />
                  <span className="sr-only md:not-sr-only">{t('nav.profile')}</span>
                  {session.profileIncomplete && (
                    <span className="absolute top-1 right-1 h-2 w-2 rounded-full bg-amber-500" aria-hidden />
                  )}
                </Link>
              </Button>
              <Link
                to="/profile"
                title={t('nav.profileTitle')}
                className="hidden max-w-56 min-w-0 truncate rounded-md px-2 py-1 text-sm text-zinc-600 underline-offset-2 hover:bg-zinc-100 hover:text-zinc-900 hover:underline lg:inline-block xl:max-w-72 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
              >
                {t('nav.welcome', { email: session.email })}
              </Link>
              <Button variant="secondary" size="sm" className={ICON_ON_PHONE} onClick={session.onLogout}>
                <LogOut className="h-4 w-4" aria-hidden />
                <span className="sr-only md:not-sr-only">{t('nav.logout')}</span>
              </Button>
            </>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to="/home">
                  <LogIn className="h-4 w-4 sm:hidden" aria-hidden />
                  <span className="sr-only sm:not-sr-only">{t('nav.login')}</span>
                </Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/register">
                  <UserPlus className="h-4 w-4 sm:hidden" aria-hidden />
                  <span className="sr-only sm:not-sr-only">{t('nav.register')}</span>
                </Link>
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
