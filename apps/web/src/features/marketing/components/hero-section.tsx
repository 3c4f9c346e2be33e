import { ArrowRight, Check, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

const HIGHLIGHTS = ['landing.hero.free', 'landing.hero.private', 'landing.hero.languages'];

/**
 * The landing page's headline, sub-line and calls to action. `aside` (the login form on /home and
 * /login) sits beside the text on wide screens and below it on phones; without it the text is centred.
 */
export function HeroSection({ aside }: { aside?: ReactNode }) {
  const { t } = useTranslation();
  const centred = !aside;
  return (
    <section
      aria-labelledby="hero-title"
      className="border-b border-zinc-200 bg-linear-to-b from-brand-50 to-white dark:border-zinc-800 dark:from-brand-900/40 dark:to-zinc-950"
    >
      <div
        className={cn(
          'mx-auto grid max-w-6xl grid-cols-1 gap-12 px-4 py-16 sm:py-24',
          aside && 'lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:items-center',
        )}
      >
        <div className={cn('min-w-0', centred && 'mx-auto max-w-3xl text-center')}>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-medium text-brand-800 dark:border-brand-800 dark:bg-brand-900/60 dark:text-brand-100">
            <Sparkles className="h-4 w-4 shrink-0" aria-hidden />
            {t('landing.hero.eyebrow')}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            {t('landing.hero.title')}
          </h1>
          <p className="mt-6 text-lg text-pretty text-zinc-600 sm:text-xl dark:text-zinc-300">
            {t('landing.hero.lead')}
          </p>
          <div className={cn('mt-8 flex flex-col gap-3 sm:flex-row', centred && 'sm:justify-center')}>
            <Button asChild size="lg">
              <Link to="/register">
                {t('landing.hero.register')}
                <ArrowRight className="h-5 w-5" aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/home">{t('landing.hero.login')}</Link>
            </Button>
          </div>
          <ul
            aria-label={t('landing.hero.highlightsLabel')}
            className={cn(
              'mt-8 flex flex-col gap-x-6 gap-y-2 text-sm text-zinc-700 sm:flex-row sm:flex-wrap dark:text-zinc-300',
              centred && 'items-center sm:justify-center',
            )}
          >
            {HIGHLIGHTS.map((key) => (
              <li key={key} className="flex items-center gap-2">
                <Check className="h-4 w-4 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden />
                {t(key)}
              </li>
            ))}
          </ul>
        </div>
        {aside && <div className="min-w-0">{aside}</div>}
      </div>
    </section>
  );
}
