import { useTranslation } from 'react-i18next';
import { formatPrice, PRICING } from '../pricing-plans';
import { PricingCard } from './pricing-card';

/** The Free and Instructor Premium tiers side by side (one column on phones). */
export function PricingPlans() {
  const { t, i18n } = useTranslation();
  const price = (amount: number) => formatPrice(amount, i18n.language);
  return (
    <ul aria-label={t('pricing.plansLabel')} className="mx-auto grid max-w-5xl grid-cols-1 gap-8 md:grid-cols-2">
      <li>
        <PricingCard
          id="plan-free"
          name={t('pricing.free.name')}
          description={t('pricing.free.description')}
          price={price(PRICING.free.monthlyPrice)}
          features={[
            t('pricing.free.uploads', { uploads: PRICING.free.uploadsPerMonth }),
            t('pricing.free.analysis'),
            t('pricing.free.sessions'),
            t('pricing.free.curriculum'),
            t('pricing.free.attendance'),
          ]}
          cta={{ label: t('pricing.free.cta'), to: '/register?role=Student' }}
        />
      </li>
      <li>
        <PricingCard
          id="plan-premium"
          name={t('pricing.premium.name')}
          description={t('pricing.premium.description')}
          price={price(PRICING.premium.monthlyPrice)}
          regularPrice={price(PRICING.premium.regularMonthlyPrice)}
          badge={t('pricing.premium.badge')}
          features={[
            t('pricing.premium.uploads'),
            t('pricing.premium.editor'),
            t('pricing.premium.curriculums'),
            t('pricing.premium.pairing'),
            t('pricing.premium.support'),
          ]}
          notes={[t('pricing.premium.priceLock'), t('pricing.premium.cancel')]}
          cta={{ label: t('pricing.premium.cta'), to: '/register?role=Instructor&plan=premium' }}
          highlighted
        />
      </li>
    </ul>
  );
}
