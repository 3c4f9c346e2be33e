import { isInstructorRole } from '@openmat/contract/enums';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { SessionList } from '@/features/sessions/components/session-list';

/** /class-session: the session list, with the actions of the signed-in user's role. */
export function ClassSessionRoute() {
  const role = useAuthStore((state) => state.user?.fighterInfo?.role);
  const fighterId = useAuthStore((state) => state.user?.fighterInfo?.id ?? null);
  // An account without a fighter profile gets no instructor actions.
  const isStudent = role === undefined || !isInstructorRole(role);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <SessionList isStudent={isStudent} fighterId={fighterId} />
    </div>
  );
}
