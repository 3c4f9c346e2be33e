import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/features/marketing/components/page-heading';
import { PrivacyNotice } from '@/features/marketing/components/privacy-notice';

/** /privacy: the privacy notice, linked from the footer. */
export function PrivacyRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:py-20">
      <PageHeading title={t('privacy.title')} lead={t('privacy.lead')} />
      <PrivacyNotice />
    </div>
  );
}
