import { LIMITS } from '@openmat/contract/auth';
import { imperialHeightToCm, poundsTextToKg } from '@openmat/contract/helpers/body-metrics';
import { ArrowRightLeft, ChevronDown } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { FormField } from './form-field';

/** The texts of one conversion row and, optionally, a button that hands its result on. */
export interface UnitConverterRow {
  label: string;
  unit: string;
  apply?: { label: string; onApply(value: number): void };
}

export interface UnitConverterProps {
  summary: string;
  lead: string;
  feet: UnitConverterRow;
  pounds: UnitConverterRow;
  /** Which row comes first; feet by default. */
  order?: 'feet-first' | 'pounds-first';
  /** `columns` sets the rows side by side from the md breakpoint; `stack` keeps them one under the other. */
  layout?: 'columns' | 'stack';
  /** Extra classes of the `<details>` box (its dark background, say). */
  className?: string;
  /** The height of the number inputs, to match the surrounding form's controls; `md` by default. */
  inputSize?: 'md' | 'lg';
}

/** How one row reads its text: the metric figure (or null when unreadable), and the plausible range. */
interface Conversion {
  read: (text: string) => number | null;
  range: { min: number; max: number };
  /** The key of the hint shown while the text cannot be read. */
  unreadable: 'unitConverter.unreadableHeight' | 'unitConverter.unreadableWeight';
}

const HEIGHT: Conversion = {
  read: imperialHeightToCm,
  range: LIMITS.heightCm,
  unreadable: 'unitConverter.unreadableHeight',
};
const WEIGHT: Conversion = {
  read: poundsTextToKg,
  range: LIMITS.weightKg,
  unreadable: 'unitConverter.unreadableWeight',
};

type Reading = { kind: 'empty' } | { kind: 'value'; value: number } | { kind: 'unreadable' } | { kind: 'implausible' };

/** What a row's text gives, judged as it is typed: a figure, or why there is none. */
function readConversion(text: string, conversion: Conversion): Reading {
  if (text.trim() === '') return { kind: 'empty' };
  const value = conversion.read(text);
  if (value === null) return { kind: 'unreadable' };
  const { min, max } = conversion.range;
  return value < min || value > max ? { kind: 'implausible' } : { kind: 'value', value };
}

function ConversionRow({
  id,
  row,
  conversion,
  inputSize,
}: {
  id: string;
  row: UnitConverterRow;
  conversion: Conversion;
  inputSize: 'md' | 'lg';
}) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const reading = readConversion(text, conversion);
  const result = reading.kind === 'value' ? reading.value : null;
  const problem =
    reading.kind === 'unreadable'
      ? t(conversion.unreadable)
      : reading.kind === 'implausible'
        ? t('unitConverter.implausible', { min: conversion.range.min, max: conversion.range.max, unit: row.unit })
        : null;
  const format = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const { apply } = row;
  const applyResult = () => {
    if (apply && result !== null) apply.onApply(result);
  };
  // Enter applies the conversion instead of submitting the surrounding form.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    applyResult();
  };
  const field = (
    <FormField id={id} label={row.label}>
      <div className="flex items-center gap-3">
        {/* Text, not a number input: feet and inches (5'10") and decimal commas must be typeable. */}
        <Input
          size={inputSize}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={apply ? onKeyDown : undefined}
          aria-describedby={`${id}-result`}
          aria-invalid={problem !== null}
        />
        <output
          id={`${id}-result`}
          htmlFor={id}
          aria-live="polite"
          className={cn(
            'min-w-24 shrink-0 text-sm font-semibold tabular-nums',
            problem === null ? 'text-zinc-700 dark:text-zinc-200' : 'text-red-700 dark:text-red-400',
          )}
        >
          {problem ?? (result === null ? '–' : `${format.format(result)} ${row.unit}`)}
        </output>
      </div>
    </FormField>
  );
  if (!apply) return field;
  return (
    <div className="grid grid-cols-1 gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end sm:gap-3">
      {field}
      <Button variant="secondary" className="h-11" disabled={result === null} onClick={applyResult}>
        {apply.label}
      </Button>
    </div>
  );
}

/**
 * A folded-away helper converting feet and inches to centimetres (x30.48 a foot, 2.54 an inch: 5'10" is
 * 177.8 cm) and pounds to kilograms (x0.45359237), to 1 decimal in the UI language; a decimal comma is
 * read like a point. An unreadable or implausible figure (outside the heights and weights the server
 * accepts) is said so as it is typed, and cannot be applied. A row with `apply` gets a button (and Enter) that hands its result on.
 */
export function UnitConverter({
  summary,
  lead,
  feet,
  pounds,
  order = 'feet-first',
  layout = 'stack',
  className,
  inputSize = 'md',
}: UnitConverterProps) {
  const id = useId();
  const feetRow = <ConversionRow key="feet" id={`${id}-feet`} row={feet} conversion={HEIGHT} inputSize={inputSize} />;
  const poundsRow = (
    <ConversionRow key="pounds" id={`${id}-pounds`} row={pounds} conversion={WEIGHT} inputSize={inputSize} />
  );
  const rows = order === 'feet-first' ? [feetRow, poundsRow] : [poundsRow, feetRow];
  return (
    <details className={cn('group rounded-lg border border-zinc-200 bg-zinc-50 dark:border-zinc-800', className)}>
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg px-4 py-2 text-sm font-medium text-brand-700 select-none hover:bg-zinc-100 dark:text-brand-500 dark:hover:bg-zinc-800 [&::-webkit-details-marker]:hidden">
        <ArrowRightLeft className="h-4 w-4 shrink-0" aria-hidden />
        <span className="flex-1">{summary}</span>
        <ChevronDown className="h-4 w-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <div className="space-y-4 border-t border-zinc-200 px-4 pt-3 pb-4 dark:border-zinc-800">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{lead}</p>
        {layout === 'columns' ? <div className="grid grid-cols-1 gap-4 md:grid-cols-2">{rows}</div> : rows}
      </div>
    </details>
  );
}
