import type { FighterProfileResponse } from '@openmat/contract/auth';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CompleteProfileMutation } from '../api/complete-profile';
import { FighterFields } from './fighter-fields';
import { FighterFormFooter } from './fighter-form-footer';
import { useFighterForm } from './use-fighter-form';
import { profileFormValues, profilePayload, validateProfileForm } from './profile-form-model';

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
    validate: validateProfileForm,
    pending: mutation.isPending,
  });
  const { id, values, update, fieldId, confirming } = form;

  function save() {
    mutation.mutate(profilePayload(values), { onError: (error) => console.error(error) });
  }

  const role = profile.fighter?.fighterRole ?? 'Student';

  return (
    <form
      noValidate
      aria-label={t('profile.formLabel')}
      aria-busy={mutation.isPending}
      onSubmit={form.onSubmit}
      className="space-y-10"
    >
      <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
        <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>{profile.fighter ? t('profile.incomplete') : t('profile.newProfile')}</span>
      </p>

      <FighterFields
        sectionId={id}
        fieldId={fieldId}
        control={form.control}
        message={form.message}
        values={values}
        choose={{
          gender: (gender) => update('gender', gender),
          beltColor: (belt) => update('beltColor', belt),
          experience: (experience) => update('experience', experience),
        }}
        bmiValue={form.bmiValue}
        recalculateBmi={form.recalculateBmi}
        applyMeasurement={form.applyMeasurement}
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
        submitId={fieldId('submit')}
        note={t('profile.finalNote')}
        submitLabel={t('profile.submit')}
        pendingLabel={t('profile.submitting')}
        pending={mutation.isPending}
        error={mutation.error}
        confirming={confirming}
        onConfirmOpenChange={form.onConfirmOpenChange}
        onConfirm={save}
      />
    </form>
  );
}
