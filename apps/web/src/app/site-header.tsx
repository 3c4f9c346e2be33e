import { ClipboardList, LogIn, LogOut, UserPlus, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/layouts/logo';
import { LanguageSelect } from '@/features/preferences/components/language-select';
import { ThemeToggle } from '@/features/preferences/components/theme-toggle';

export interface HeaderSession {
  email: string;
  onLogout: () => void;
}

/** Logo, the hidden pricing link, the visitor or signed-in navigation, language and theme. */
export function SiteHeader({ session }: { session: HeaderSession | null }) {
  const { t } = useTranslation();
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
              <Button asChild variant="ghost" size="sm">
                <Link to="/video-analysis">
                  <Video className="h-4 w-4" aria-hidden />
                  <span className="sr-only md:not-sr-only">{t('nav.videoAnalysis')}</span>
                </Link>
              </Button>
              <Button asChild variant="ghost" size="sm">
                <Link to="/class-session">
                  <ClipboardList className="h-4 w-4" aria-hidden />
                  <span className="sr-only md:not-sr-only">{t('nav.manageClasses')}</span>
                </Link>
              </Button>
              <span className="hidden text-sm text-zinc-600 lg:inline dark:text-zinc-400">
                {t('nav.welcome', { email: session.email })}
              </span>
              <Button variant="secondary" size="sm" onClick={session.onLogout}>
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
    </header>
  );
}
