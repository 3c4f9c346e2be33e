import type { Belt } from '@openmat/contract/enums';
import type { TFunction } from 'i18next';

/** A belt in the reader's words; no belt reads Unranked. */
export const beltLabel = (belt: Belt | null, t: TFunction) =>
  belt === null ? t('sessionDetails.unranked') : t(`sessionDetails.belts.${belt}`);

/** A day in the reader's language and time zone, e.g. "Mar 15, 2025". */
export const formatDay = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
