import type { FighterProfileResponse } from '@openmat/contract/auth';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import type { CompleteProfileMutation } from '../api/complete-profile';
import { FighterFields } from './fighter-fields';
import { FighterFormFooter } from './fighter-form-footer';
import { useFighterForm } from './use-fighter-form';
import { profileFormValues } from './profile-form-model';
import { PROFILE_FIELDS, profileRequestFields, validateProfileFields } from './register-form-model';

/**
 * Completes one's own fighter profile with the registration fields (name, birthdate, gender, belt,
 * experience, sparring duration, height and weight), the BMI read-only and recomputed when height
 * or weight loses focus, and the imperial helper. Submitting checks the fields, asks for
 * confirmation (details cannot be changed once submitted), then saves; a failure lists the
 * server's messages.
 */
export function ProfileForm({
  profile,
  mutation,
}: {
  profile: FighterProfileResponse;
  /** Owned by the screen, so that its outcome outlives the form. */
  mutation: CompleteProfileMutation;
}) {
  const { t } = useTranslation();
  const form = useFighterForm({
    initial: () => profileFormValues(profile.fighter),
    fields: PROFILE_FIELDS,
    // The same rules as registration, without the account fields.
    validate: validateProfileFields,
    pending: mutation.isPending,
    // The body of `PUT /api/fighter/me`: registration's profile fields.
    onConfirm: (values) => mutation.mutate(profileRequestFields(values), { onError: (error) => console.error(error) }),
  });

  const role = profile.fighter?.fighterRole ?? 'Student';

  return (
    <form {...form.formProps} aria-label={t('profile.formLabel')} aria-busy={mutation.isPending} className="space-y-10">
      <Alert tone="warning" icon={Info} live={false} compact>
        <p>{profile.fighter ? t('profile.incomplete') : t('profile.newProfile')}</p>
      </Alert>

      <FighterFields
        form={form.fighter}
        leading={
          <div className="md:col-span-2">
            <p className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('profile.role')}</p>
            <p className="mt-1 text-base" data-testid="profile-role">
              {t(`register.role.${role}`)}
            </p>
          </div>
        }
      />

      <FighterFormFooter
        submitId={form.submitId}
        note={t('profile.finalNote')}
        submitLabel={t('profile.submit')}
        pendingLabel={t('profile.submitting')}
        pending={mutation.isPending}
        error={mutation.error}
        confirm={form.confirm}
      />
    </form>
  );
}
