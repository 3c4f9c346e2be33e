import { ROLE_INSTRUCTOR } from '@openmat/contract/enums';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { AccountSettings } from '@/features/auth/components/account-settings';
import { ProfileScreen } from '@/features/auth/components/profile-screen';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { MemberPage } from '@/features/members/components/member-page';

/**
 * /profile: the signed-in user's own fighter profile, completed here when it is still empty. A student also
 * sees their own training (belt, attendance, videos); an instructor's is what their students' pages show.
 */
export function ProfileRoute() {
  const { t } = useTranslation();
  // The member's own belt and attendance, once the profile is complete (not while it is being filled in).
  const fighterId = useAuthStore((state) => {
    const info = state.user?.fighterInfo;
    const complete =
      info &&
      [info.beltColor, info.birthdate, info.height, info.weight, info.gender, info.experience].every((v) => v !== null);
    return complete ? info.id : undefined;
  });
  // An instructor's own page speaks to an instructor; a student's says what their instructor does with it.
  const instructor = useAuthStore((state) => state.user?.fighterInfo?.role === ROLE_INSTRUCTOR);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <header className="mx-auto max-w-3xl text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{t('profile.title')}</h1>
        <p className="mt-3 text-lg text-pretty text-zinc-600 dark:text-zinc-400">
          {t(instructor ? 'profile.leadInstructor' : 'profile.lead')}
        </p>
      </header>
      <Card className="mx-auto mt-8 max-w-3xl p-5 sm:p-8">
        <ProfileScreen />
      </Card>
      {fighterId !== undefined && !instructor && (
        <section className="mt-10" aria-label={t('members.ownTraining')}>
          <MemberPage fighterId={fighterId} isInstructor={false} embedded />
        </section>
      )}
      <Card className="mx-auto mt-8 max-w-3xl p-5 sm:p-8">
        <AccountSettings />
      </Card>
    </div>
  );
}
