import { isInstructorRole } from '@openmat/contract/enums';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { effectiveRole, useAuthStore } from '@/features/auth/stores/auth-store';
import { MemberPage } from '@/features/members/components/member-page';
import { MembersScreen } from '@/features/members/components/members-screen';

/** /members: the instructor's members; a student is told the screen is for instructors. */
export function MembersRoute() {
  const { t } = useTranslation();
  const role = useAuthStore(effectiveRole);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      {role !== undefined && isInstructorRole(role) ? (
        <MembersScreen />
      ) : (
        <Alert title={t('members.onlyInstructors')} />
      )}
    </div>
  );
}

/** /members/{fighterId}: a member's page (their instructor, or the member themselves). */
export function MemberRoute() {
  const id = Number(useParams().fighterId);
  const role = useAuthStore(effectiveRole);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <MemberPage key={id} fighterId={id} isInstructor={role !== undefined && isInstructorRole(role)} />
    </div>
  );
}
