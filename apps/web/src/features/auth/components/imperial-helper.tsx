import { feetToCm, poundsToKg } from '@openmat/contract/helpers/body-metrics';
import { ArrowRightLeft, ChevronDown } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CONTROL_CLASS } from './register-field';
import { parseNumber } from './register-form-model';

function converted(text: string, convert: (value: number) => number): number | null {
  const value = parseNumber(text);
  return Number.isFinite(value) && value > 0 ? convert(value) : null;
}

function ImperialRow({
  id,
  label,
  unit,
  text,
  onTextChange,
  result,
  applyLabel,
  onApply,
}: {
  id: string;
  label: string;
  unit: string;
  text: string;
  onTextChange: (text: string) => void;
  result: number | null;
  applyLabel: string;
  onApply: (value: number) => void;
}) {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const apply = () => {
    if (result !== null) onApply(result);
  };
  // Enter applies the conversion instead of submitting the whole registration form.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  };
  return (
    <div className="grid grid-cols-1 gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end sm:gap-3">
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
            onKeyDown={onKeyDown}
            aria-describedby={`${id}-result`}
            className={CONTROL_CLASS}
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
      <Button variant="secondary" className="h-11" disabled={result === null} onClick={apply}>
        {applyLabel}
      </Button>
    </div>
  );
}

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
  const id = useId();
  const [feet, setFeet] = useState('');
  const [pounds, setPounds] = useState('');
  return (
    <details className="group rounded-lg border border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900/60">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg px-4 py-2 text-sm font-medium text-brand-700 select-none hover:bg-zinc-100 dark:text-brand-500 dark:hover:bg-zinc-800 [&::-webkit-details-marker]:hidden">
        <ArrowRightLeft className="h-4 w-4 shrink-0" aria-hidden />
        <span className="flex-1">{t('register.imperial.summary')}</span>
        <ChevronDown className="h-4 w-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <div className="space-y-4 border-t border-zinc-200 px-4 pt-3 pb-4 dark:border-zinc-800">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('register.imperial.lead')}</p>
        <ImperialRow
          id={`${id}-feet`}
          label={t('register.imperial.feet')}
          unit={t('register.imperial.cm')}
          text={feet}
          onTextChange={setFeet}
          result={converted(feet, feetToCm)}
          applyLabel={t('register.imperial.useHeight')}
          onApply={onApplyHeight}
        />
        <ImperialRow
          id={`${id}-pounds`}
          label={t('register.imperial.pounds')}
          unit={t('register.imperial.kg')}
          text={pounds}
          onTextChange={setPounds}
          result={converted(pounds, poundsToKg)}
          applyLabel={t('register.imperial.useWeight')}
          onApply={onApplyWeight}
        />
      </div>
    </details>
  );
}
