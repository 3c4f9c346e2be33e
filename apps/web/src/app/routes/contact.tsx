import { CodeXml, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ContactCard } from '@/features/marketing/components/contact-card';
import { PageHeading } from '@/features/marketing/components/page-heading';
import { CONTACT_EMAIL, displayUrl, SOURCE_URL } from '@/features/marketing/site-config';

/** /contact: the e-mail address and the source-code profile. */
export function ContactRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <PageHeading title={t('contact.title')} lead={t('contact.lead')} />
      <ul className="mt-12 grid max-w-4xl grid-cols-1 gap-6 md:grid-cols-2">
        <li>
          <ContactCard
            icon={Mail}
            title={t('contact.email.title')}
            body={t('contact.email.body')}
            href={`mailto:${CONTACT_EMAIL}`}
            linkText={CONTACT_EMAIL}
          />
        </li>
        <li>
          <ContactCard
            icon={CodeXml}
            title={t('contact.source.title')}
            body={t('contact.source.body')}
            href={SOURCE_URL}
            linkText={displayUrl(SOURCE_URL)}
          />
        </li>
      </ul>
    </div>
  );
}
