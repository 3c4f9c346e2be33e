import { ArrowRight, Check, Rocket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const POINTS = ['landing.beta.point1', 'landing.beta.point2', 'landing.beta.point3'];

/** The invitation to instructors: every instructor feature is free during the beta. */
export function BetaSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="beta-title" className="mx-auto max-w-6xl px-4 pb-16 sm:pb-24">
      <div className="relative overflow-hidden rounded-3xl bg-brand-800 px-6 py-12 text-white shadow-xl sm:px-12 sm:py-16 dark:bg-brand-900">
        <div aria-hidden className="absolute -top-24 -right-24 h-72 w-72 rounded-full bg-brand-500/30 blur-3xl" />
        <div className="relative grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-center">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium">
              <Rocket className="h-4 w-4" aria-hidden />
              {t('landing.beta.eyebrow')}
            </p>
            <h2 id="beta-title" className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              {t('landing.beta.title')}
            </h2>
            <p className="mt-4 text-lg text-pretty text-brand-100">{t('landing.beta.lead')}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link
                to="/register?role=Instructor"
                className="inline-flex min-h-12 items-center justify-center gap-2 rounded-md bg-white px-6 py-3 text-center text-base font-semibold text-brand-800 shadow-sm transition-colors hover:bg-brand-50 focus-visible:outline-white dark:text-brand-900"
              >
                {t('landing.beta.cta')}
                <ArrowRight className="h-5 w-5 shrink-0" aria-hidden />
              </Link>
              <Link
                to="/pricing"
                className="inline-flex min-h-12 shrink-0 items-center justify-center rounded-md border border-white/50 px-6 py-3 text-base font-medium text-white transition-colors hover:bg-white/10 focus-visible:outline-white"
              >
                {t('landing.beta.pricing')}
              </Link>
            </div>
          </div>
          <ul className="space-y-4">
            {POINTS.map((key) => (
              <li key={key} className="flex gap-3">
                <span className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-white/15">
                  <Check className="h-4 w-4" aria-hidden />
                </span>
                <span className="text-brand-50">{t(key)}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
