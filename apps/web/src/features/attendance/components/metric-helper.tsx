import { feetToCm, poundsToKg } from '@openmat/contract/helpers/body-metrics';
import { ArrowRightLeft, ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseNumber } from './attendance-rows';

const HELPER_INPUT_CLASS =
  'block h-10 w-full rounded-md border border-zinc-300 bg-white px-3 text-base text-zinc-900 shadow-sm focus-visible:border-brand-600 sm:text-sm dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100';

function converted(text: string, convert: (value: number) => number): number | null {
  const value = parseNumber(text);
  return Number.isFinite(value) && value > 0 ? convert(value) : null;
}

function ConversionRow({
  id,
  label,
  unit,
  text,
  onTextChange,
  result,
}: {
  id: string;
  label: string;
  unit: string;
  text: string;
  onTextChange: (text: string) => void;
  result: number | null;
}) {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          aria-describedby={`${id}-result`}
          className={HELPER_INPUT_CLASS}
        />
        <output
          id={`${id}-result`}
          htmlFor={id}
          aria-live="polite"
          className="min-w-24 shrink-0 text-sm font-semibold text-zinc-700 tabular-nums dark:text-zinc-200"
        >
          {result === null ? '–' : `${format.format(result)} ${unit}`}
        </output>
      </div>
    </div>
  );
}

/**
 * The metric conversion helper of the walk-in screen: pounds to kilograms (x0.45359237) and feet to
 * centimetres (x30.48), to 1 decimal. Folded away until opened.
 */
export function MetricHelper() {
  const { t } = useTranslation();
  const id = useId();
  const [pounds, setPounds] = useState('');
  const [feet, setFeet] = useState('');
  return (
    <details className="group rounded-lg border border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-950/40">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg px-4 py-2 text-sm font-medium text-brand-700 select-none hover:bg-zinc-100 dark:text-brand-500 dark:hover:bg-zinc-800 [&::-webkit-details-marker]:hidden">
        <ArrowRightLeft className="h-4 w-4 shrink-0" aria-hidden />
        <span className="flex-1">{t('attendance.metric.summary')}</span>
        <ChevronDown className="h-4 w-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <div className="space-y-4 border-t border-zinc-200 px-4 pt-3 pb-4 dark:border-zinc-800">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('attendance.metric.lead')}</p>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <ConversionRow
            id={`${id}-pounds`}
            label={t('attendance.metric.pounds')}
            unit={t('attendance.metric.kg')}
            text={pounds}
            onTextChange={setPounds}
            result={converted(pounds, poundsToKg)}
          />
          <ConversionRow
            id={`${id}-feet`}
            label={t('attendance.metric.feet')}
            unit={t('attendance.metric.cm')}
            text={feet}
            onTextChange={setFeet}
            result={converted(feet, feetToCm)}
          />
        </div>
      </div>
    </details>
  );
}
