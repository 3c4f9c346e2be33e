import { useTranslation } from 'react-i18next';
import { UnitConverter } from '@/components/forms/unit-converter';

/**
 * Converts feet to centimetres (x30.48) and pounds to kilograms (x0.45359237), to 1 decimal, and
 * puts a result into the height or weight field. Folded away until opened.
 */
export function ImperialHelper({
  onApplyHeight,
  onApplyWeight,
}: {
  onApplyHeight: (cm: number) => void;
  onApplyWeight: (kg: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <UnitConverter
      summary={t('register.imperial.summary')}
      lead={t('register.imperial.lead')}
      feet={{
        label: t('register.imperial.feet'),
        unit: t('register.imperial.cm'),
        apply: { label: t('register.imperial.useHeight'), onApply: onApplyHeight },
      }}
      pounds={{
        label: t('register.imperial.pounds'),
        unit: t('register.imperial.kg'),
        apply: { label: t('register.imperial.useWeight'), onApply: onApplyWeight },
      }}
      className="dark:bg-zinc-900/60"
      inputSize="lg"
    />
  );
}
