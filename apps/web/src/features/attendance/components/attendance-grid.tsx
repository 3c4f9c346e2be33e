import { AttendanceBelt, Gender } from '@openmat/contract/enums';
import { CircleAlert, CircleCheck, Lock } from 'lucide-react';
import { useId, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { AttendanceRow, TextField } from '@/features/attendance/stores/attendance-store';
import { cn } from '@/lib/cn';
import { isoDay } from '@/lib/iso-day';
import type { RowCheck } from './attendance-rows';

const HEADER_CLASS = 'px-2 py-2.5 text-left text-sm font-semibold text-zinc-700 dark:text-zinc-200';
/**
 * From the md breakpoint the name column stays in view while a row scrolls sideways: it sticks to the left
 * edge, over an opaque background and with a shadow on its right edge, above the cells sliding under it.
 */
const STICKY_NAME =
  'md:sticky md:left-0 md:z-10 md:shadow-[4px_0_6px_-4px_rgb(0_0_0/0.25)] md:dark:shadow-[4px_0_6px_-4px_rgb(0_0_0/0.8)]';
/**
 * Below the md breakpoint (a phone) the table is a list of cards, one per row, with nothing to scroll
 * sideways: the row's number on top, Name and Birthdate across the card, the four short fields two by two,
 * and the row's status at the bottom. Each cell then shows its column's name above its control.
 */
const CELL_CLASS = 'px-2 py-2 max-md:p-0';
const WIDE_CELL_CLASS = 'px-2 py-2 max-md:col-span-2 max-md:p-0';

/** The column's name over a control, shown on a phone only (the table's header names it from md up). */
function CellLabel({ children }: { children: string }) {
  return (
    <span aria-hidden className="mb-1 block text-xs font-medium text-zinc-600 md:hidden dark:text-zinc-400">
      {children}
    </span>
  );
}

export interface AttendanceGridProps {
  rows: AttendanceRow[];
  checks: RowCheck[];
  /** Per row: whether it may be edited (see `editableRows`). */
  editable: boolean[];
  /** True while the list is being sent: nothing can be edited then. */
  disabled: boolean;
  onChange: (index: number, patch: Partial<AttendanceRow>) => void;
  /** The focus entered a row. */
  onRowFocus: (index: number) => void;
  /** The focus left a row for somewhere outside it. */
  onRowLeave: (index: number) => void;
}

function RowStatus({ id, check, locked }: { id: string; check: RowCheck | undefined; locked: boolean }) {
  const { t } = useTranslation();
  if (!check || check.kind === 'empty') {
    return (
      <span id={id} className="flex items-center gap-1.5 text-zinc-400 dark:text-zinc-500">
        {locked && <Lock className="h-4 w-4 shrink-0" aria-hidden />}
        <span className={cn(locked && 'sr-only')}>
          {locked ? t('attendance.status.locked') : t('attendance.status.empty')}
        </span>
      </span>
    );
  }
  if (check.kind === 'valid') {
    return (
      <span id={id} className="flex items-center gap-1.5 font-medium text-emerald-700 dark:text-emerald-400">
        <CircleCheck className="h-4 w-4 shrink-0" aria-hidden />
        {t('attendance.status.ready')}
      </span>
    );
  }
  return (
    <span id={id} className="flex items-start gap-1.5 font-medium text-red-700 dark:text-red-400">
      <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>{check.issues.map((issue) => t(issue.key, issue.values ?? {})).join(' ')}</span>
    </span>
  );
}

/**
 * The editable grid of walk-ins: Name, Birthdate, Weight (kg), Height (cm), Belt Rank and Gender, plus
 * the row number and a status that says why a row with data cannot be sent yet. Every control is
 * labelled with its column and row ("Name, row 3") and described by the row's status.
 */
export function AttendanceGrid({
  rows,
  checks,
  editable,
  disabled,
  onChange,
  onRowFocus,
  onRowLeave,
}: AttendanceGridProps) {
  const { t } = useTranslation();
  const id = useId();
  const today = isoDay(new Date());
  const column = (name: TextField | 'beltColor' | 'gender') => t(`attendance.columns.${name}`);

  return (
    <div className="md:overflow-x-auto md:rounded-lg md:border md:border-zinc-200 md:dark:border-zinc-800">
      <table className="w-full border-collapse text-sm max-md:block md:min-w-[60rem]">
        <caption className="sr-only">{t('attendance.gridCaption')}</caption>
        <thead className="border-b border-zinc-200 bg-zinc-50 max-md:hidden dark:border-zinc-800 dark:bg-zinc-800/60">
          <tr>
            <th scope="col" className={cn(HEADER_CLASS, 'w-12 text-center')}>
              {t('attendance.columns.row')}
            </th>
            <th scope="col" className={cn(HEADER_CLASS, STICKY_NAME, 'min-w-48 md:bg-zinc-50 md:dark:bg-zinc-800')}>
              {column('fighterName')}
            </th>
            <th scope="col" className={cn(HEADER_CLASS, 'w-40')}>
              {column('birthdate')}
            </th>
            <th scope="col" className={cn(HEADER_CLASS, 'w-28')}>
              {column('weight')}
            </th>
            <th scope="col" className={cn(HEADER_CLASS, 'w-28')}>
              {column('height')}
            </th>
            <th scope="col" className={cn(HEADER_CLASS, 'w-36')}>
              {column('beltColor')}
            </th>
            <th scope="col" className={cn(HEADER_CLASS, 'w-32')}>
              {column('gender')}
            </th>
            <th scope="col" className={cn(HEADER_CLASS, 'w-64')}>
              {t('attendance.columns.status')}
            </th>
          </tr>
        </thead>
        <tbody className="max-md:flex max-md:flex-col max-md:gap-3 md:divide-y md:divide-zinc-100 md:dark:divide-zinc-800">
          {rows.map((row, index) => {
            const check = checks[index];
            const locked = !editable[index];
            const off = disabled || locked;
            const statusId = `${id}-status-${index}`;
            const invalidFields = new Set(check?.kind === 'invalid' ? check.issues.map((issue) => issue.field) : []);
            const cell = (name: TextField | 'beltColor' | 'gender') => ({
              'aria-label': t('attendance.cellLabel', { column: column(name), row: index + 1 }),
              'aria-describedby': statusId,
              disabled: off,
              size: 'sm' as const,
            });
            const text = (name: TextField) => ({
              ...cell(name),
              name,
              value: row[name],
              'aria-invalid': invalidFields.has(name),
              onChange: (event: { target: { value: string } }) => onChange(index, { [name]: event.target.value }),
            });
            const onBlur = (event: FocusEvent<HTMLTableRowElement>) => {
              const next = event.relatedTarget;
              if (!(next instanceof Node) || !event.currentTarget.contains(next)) onRowLeave(index);
            };
            return (
              <tr
                key={index}
                onFocus={() => onRowFocus(index)}
                onBlur={onBlur}
                className={cn(
                  'align-top max-md:grid max-md:grid-cols-2 max-md:gap-x-2 max-md:gap-y-3 max-md:rounded-lg max-md:border max-md:border-zinc-200 max-md:p-3 max-md:dark:border-zinc-800',
                  locked && 'bg-zinc-50/60 dark:bg-zinc-950/30',
                  check?.kind === 'invalid' && 'bg-red-50/60 dark:bg-red-950/20',
                )}
              >
                <th
                  scope="row"
                  className="px-2 py-2 text-center font-medium text-zinc-500 tabular-nums max-md:col-span-2 max-md:p-0 max-md:text-left max-md:text-zinc-700 dark:text-zinc-400 max-md:dark:text-zinc-200"
                >
                  <span className="md:sr-only">{t('attendance.rowLabel', { row: index + 1 })}</span>
                  <span aria-hidden className="inline-block pt-2 max-md:hidden">
                    {index + 1}
                  </span>
                </th>
                <td
                  className={cn(
                    WIDE_CELL_CLASS,
                    STICKY_NAME,
                    check?.kind === 'invalid'
                      ? 'md:bg-red-50 md:dark:bg-red-950'
                      : locked
                        ? 'md:bg-zinc-50 md:dark:bg-zinc-950'
                        : 'md:bg-white md:dark:bg-zinc-900',
                  )}
                >
                  <CellLabel>{column('fighterName')}</CellLabel>
                  <Input {...text('fighterName')} type="text" autoComplete="off" maxLength={100} />
                </td>
                <td className={WIDE_CELL_CLASS}>
                  <CellLabel>{column('birthdate')}</CellLabel>
                  <Input {...text('birthdate')} type="date" max={today} />
                </td>
                <td className={CELL_CLASS}>
                  <CellLabel>{column('weight')}</CellLabel>
                  <Input {...text('weight')} type="text" inputMode="decimal" autoComplete="off" />
                </td>
                <td className={CELL_CLASS}>
                  <CellLabel>{column('height')}</CellLabel>
                  <Input {...text('height')} type="text" inputMode="decimal" autoComplete="off" />
                </td>
                <td className={CELL_CLASS}>
                  <CellLabel>{column('beltColor')}</CellLabel>
                  <Select
                    {...cell('beltColor')}
                    value={row.beltColor}
                    onChange={(event) => {
                      const belt = AttendanceBelt.options.find((option) => option === event.target.value);
                      if (belt) onChange(index, { beltColor: belt });
                    }}
                  >
                    {AttendanceBelt.options.map((belt) => (
                      <option key={belt} value={belt}>
                        {t(`attendance.belt.${belt}`)}
                      </option>
                    ))}
                  </Select>
                </td>
                <td className={CELL_CLASS}>
                  <CellLabel>{column('gender')}</CellLabel>
                  <Select
                    {...cell('gender')}
                    value={row.gender}
                    onChange={(event) => {
                      const gender = Gender.options.find((option) => option === event.target.value);
                      if (gender) onChange(index, { gender });
                    }}
                  >
                    {Gender.options.map((gender) => (
                      <option key={gender} value={gender}>
                        {t(`attendance.gender.${gender}`)}
                      </option>
                    ))}
                  </Select>
                </td>
                <td className={cn(WIDE_CELL_CLASS, 'text-sm')}>
                  <div className="pt-2 max-md:pt-0">
                    <RowStatus id={statusId} check={check} locked={locked} />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
