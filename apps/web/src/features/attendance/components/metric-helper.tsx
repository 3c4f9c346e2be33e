import { useTranslation } from 'react-i18next';
import { UnitConverter } from '@/components/forms/unit-converter';

/**
 * The metric conversion helper of the walk-in screen: pounds to kilograms (x0.45359237) and feet to
 * centimetres (x30.48), to 1 decimal. Folded away until opened.
 */
export function MetricHelper() {
  const { t } = useTranslation();
  return (
    <UnitConverter
      summary={t('attendance.metric.summary')}
      lead={t('attendance.metric.lead')}
      pounds={{ label: t('attendance.metric.pounds'), unit: t('attendance.metric.kg') }}
      feet={{ label: t('attendance.metric.feet'), unit: t('attendance.metric.cm') }}
      order="pounds-first"
      layout="columns"
      className="dark:bg-zinc-950/40"
    />
  );
}
