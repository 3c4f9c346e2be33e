import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/features/marketing/components/page-heading';
import { TechStackList } from '@/features/marketing/components/tech-stack-list';
import { SOURCE_URL } from '@/features/marketing/site-config';

/** /about: what OpenMat is, why it exists, what it is built with and who makes it. */
export function AboutRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <PageHeading title={t('about.title')} lead={t('about.lead')} />

      <section aria-labelledby="mission-title" className="mt-14 max-w-3xl">
        <h2 id="mission-title" className="text-2xl font-bold">
          {t('about.mission.title')}
        </h2>
        <p className="mt-4 leading-relaxed text-zinc-700 dark:text-zinc-300">{t('about.mission.p1')}</p>
        <p className="mt-4 leading-relaxed text-zinc-700 dark:text-zinc-300">{t('about.mission.p2')}</p>
      </section>

      <section aria-labelledby="stack-title" className="mt-14">
        <h2 id="stack-title" className="text-2xl font-bold">
          {t('about.stack.title')}
        </h2>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t('about.stack.lead')}</p>
        <div className="mt-6">
          <TechStackList />
        </div>
      </section>

      <section aria-labelledby="author-title" className="mt-14 max-w-3xl">
        <h2 id="author-title" className="text-2xl font-bold">
          {t('about.author.title')}
        </h2>
        <p className="mt-4 leading-relaxed text-zinc-700 dark:text-zinc-300">{t('about.author.body')}</p>
        <a
          href={SOURCE_URL}
          className="mt-4 inline-flex items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-500"
        >
          {t('about.author.link')}
          <ExternalLink className="h-4 w-4" aria-hidden />
        </a>
      </section>
    </div>
  );
}
