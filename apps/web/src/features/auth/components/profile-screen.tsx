import type { Fighter } from '@openmat/contract/auth';
import { EXPERIENCE_NAMES } from '@openmat/contract/enums';
import { CircleCheck, Lock, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/failure';
import { useCompleteProfile } from '../api/complete-profile';
import { useMyProfile } from '../api/get-my-profile';
import { ProfileForm } from './profile-form';
import { RegisterErrors } from './register-errors';

/** A complete profile, read-only: details cannot be changed once submitted. */
function ProfileSummary({ fighter }: { fighter: Fighter }) {
  const { t, i18n } = useTranslation();
  /** A figure in the UI language: up to `max` decimals, exactly `max` when `fixed`. */
  const number = (value: number | null, max = 0, fixed = false) =>
    value === null
      ? t('profile.notSet')
      : new Intl.NumberFormat(i18n.language, {
          minimumFractionDigits: fixed ? max : 0,
          maximumFractionDigits: max,
        }).format(value);
  const rows: [string, ReactNode][] = [
    [t('register.name'), fighter.fighterName],
    [t('profile.role'), t(`register.role.${fighter.fighterRole}`)],
    [t('register.belt.label'), fighter.beltColor ? t(`register.belt.${fighter.beltColor}`) : t('profile.notSet')],
    [
      t('register.experience.label'),
      fighter.experience === null
        ? t('profile.notSet')
        : t(`register.experience.${EXPERIENCE_NAMES[fighter.experience]}`),
    ],
    [t('register.gender.legend'), fighter.gender ? t(`register.gender.${fighter.gender}`) : t('profile.notSet')],
    [
      t('register.birthdate'),
      fighter.birthdate === null
        ? t('profile.notSet')
        : // A calendar day (`YYYY-MM-DD`): read at noon UTC, so no time zone moves it to another day.
          new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
            new Date(`${fighter.birthdate.slice(0, 10)}T12:00:00Z`),
          ),
    ],
    [t('register.maxWorkoutDuration'), number(fighter.maxWorkoutDuration)],
    [t('register.height'), number(fighter.height, 1)],
    [t('register.weight'), number(fighter.weight, 1)],
    [t('register.bmi'), number(fighter.bmi, 2, true)],
  ];
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm text-zinc-500 dark:text-zinc-400">{label}</dt>
            <dd className="mt-0.5 font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="flex items-start gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        {t('profile.locked')}
      </p>
    </div>
  );
}

/**
 * The signed-in user's own fighter profile: loading, then either the form that completes it (a
 * profile made by external sign-in, or none at all) or the complete profile, read-only.
 */
export function ProfileScreen() {
  const { t } = useTranslation();
  const profile = useMyProfile();
  const mutation = useCompleteProfile();

  if (profile.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  if (profile.isError) {
    const { serverMessage } = errorText(profile.error);
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-12 text-center">
        <TriangleAlert className="h-8 w-8 text-red-600" aria-hidden />
        <p className="font-semibold">{t('profile.loadError')}</p>
        {serverMessage && <p className="text-zinc-600 dark:text-zinc-400">{serverMessage}</p>}
        <Button variant="secondary" onClick={() => void profile.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  }

  const { fighter, complete } = profile.data;
  if (!complete || !fighter) return <ProfileForm profile={profile.data} mutation={mutation} />;
  return (
    <div className="space-y-6">
      {mutation.isSuccess && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm font-medium text-green-900 dark:border-green-900 dark:bg-green-950/50 dark:text-green-200"
        >
          <CircleCheck className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          {t('profile.success')}
        </p>
      )}
      {mutation.isError && <RegisterErrors error={mutation.error} />}
      <ProfileSummary fighter={fighter} />
    </div>
  );
}
