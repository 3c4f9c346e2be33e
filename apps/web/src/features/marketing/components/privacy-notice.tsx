import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CONTACT_EMAIL } from '../site-config';

const STORED = ['account', 'profile', 'attendance', 'videos'];

function NoticeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-zinc-700 dark:text-zinc-300">{children}</div>
    </section>
  );
}

/** What OpenMat stores, where, what it does not do, and how to have your data deleted. */
export function PrivacyNotice() {
  const { t } = useTranslation();
  return (
    <div className="mt-4">
      <NoticeSection id="privacy-controller" title={t('privacy.controller.title')}>
        <p>{t('privacy.controller.body')}</p>
      </NoticeSection>
      <NoticeSection id="privacy-stored" title={t('privacy.stored.title')}>
        <p>{t('privacy.stored.intro')}</p>
        <ul className="list-disc space-y-2 pl-6 marker:text-brand-700 dark:marker:text-brand-500">
          {STORED.map((key) => (
            <li key={key}>{t(`privacy.stored.${key}`)}</li>
          ))}
        </ul>
      </NoticeSection>
      <NoticeSection id="privacy-location" title={t('privacy.location.title')}>
        <p>{t('privacy.location.body')}</p>
      </NoticeSection>
      <NoticeSection id="privacy-tracking" title={t('privacy.tracking.title')}>
        <p>{t('privacy.tracking.body')}</p>
      </NoticeSection>
      <NoticeSection id="privacy-external" title={t('privacy.external.title')}>
        <p>{t('privacy.external.demo')}</p>
        <p>{t('privacy.external.search')}</p>
      </NoticeSection>
      <NoticeSection id="privacy-deletion" title={t('privacy.deletion.title')}>
        <p>
          <Trans
            t={t}
            i18nKey="privacy.deletion.body"
            values={{ email: CONTACT_EMAIL }}
            components={{
              mail: (
                <a
                  href={`mailto:${CONTACT_EMAIL}`}
                  className="font-semibold break-all text-brand-700 underline underline-offset-4 dark:text-brand-500"
                />
              ),
            }}
          />
        </p>
      </NoticeSection>
      <NoticeSection id="privacy-changes" title={t('privacy.changes.title')}>
        <p>{t('privacy.changes.body')}</p>
      </NoticeSection>
    </div>
  );
}
