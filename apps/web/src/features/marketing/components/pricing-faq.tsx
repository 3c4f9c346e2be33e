import { useTranslation } from 'react-i18next';
import { formatPrice, PRICING } from '../pricing-plans';
import { Faq } from './faq';
import { SectionHeading } from './section-heading';

const QUESTIONS = ['uploads', 'switching', 'storage', 'offline', 'beta', 'openSource'];

/** The pricing page's frequently asked questions. */
export function PricingFaq() {
  const { t, i18n } = useTranslation();
  const price = formatPrice(PRICING.premium.monthlyPrice, i18n.language);
  return (
    <section aria-labelledby="faq-title" className="mx-auto mt-20 max-w-3xl sm:mt-24">
      <SectionHeading id="faq-title" title={t('pricing.faq.title')} />
      <div className="mt-10">
        <Faq
          items={QUESTIONS.map((key) => ({
            id: key,
            question: t(`pricing.faq.${key}.question`),
            answer: <p>{t(`pricing.faq.${key}.answer`, { price })}</p>,
          }))}
        />
      </div>
    </section>
  );
}
