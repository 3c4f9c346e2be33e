import type { RankBelt } from '@openmat/contract/members';
import type { TFunction } from 'i18next';

/** A belt in the reader's words, with its stripes when a promotion gave some; no belt reads Unranked. */
export function beltLabel(belt: RankBelt | null, t: TFunction, stripes: number | null = null): string {
  if (belt === null) return t('sessionDetails.unranked');
  const name = t(`members.rankBelts.${belt}`);
  return stripes ? `${name} · ${t('members.stripes', { count: stripes })}` : name;
}

/** A day in the reader's language and time zone, e.g. "Mar 15, 2025". */
export const formatDay = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));

/** A calendar day (`YYYY-MM-DD`) in the reader's language, without a time zone shifting it. */
export const formatCalendarDay = (day: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
