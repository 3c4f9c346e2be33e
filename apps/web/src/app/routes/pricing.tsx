import { useTranslation } from 'react-i18next';

export function PricingRoute() {
  const { t } = useTranslation();
  return <h1 className="px-4 py-12 text-3xl font-bold">{t('routes.pricing')}</h1>;
}
