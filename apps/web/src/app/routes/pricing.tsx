import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/features/marketing/components/page-heading';
import { PricingFaq } from '@/features/marketing/components/pricing-faq';
import { PricingPlans } from '@/features/marketing/components/pricing-plans';

/** /pricing: the Free and Instructor Premium tiers and the FAQ. */
export function PricingRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <PageHeading title={t('pricing.title')} lead={t('pricing.lead')} className="mx-auto mb-12 text-center" />
      <PricingPlans />
      <PricingFaq />
    </div>
  );
}
