import { isInstructorRole } from '@openmat/contract/enums';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { effectiveRole, useAuthStore } from '@/features/auth/stores/auth-store';
import { CreateSessionForm, EditSessionForm } from '@/features/sessions/components/session-form';

function PageFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">{children}</div>;
}

/** /create-session: the form, with the signed-in user as the instructor; a student is told it is for instructors. */
export function CreateSessionRoute() {
  const user = useAuthStore((state) => state.user);
  const role = useAuthStore(effectiveRole);
  const instructorName = user?.fighterInfo?.fighterName ?? user?.email ?? '';
  return (
    <PageFrame>
      <CreateSessionForm instructorName={instructorName} canManage={role !== undefined && isInstructorRole(role)} />
    </PageFrame>
  );
}

/** /edit-session/{sessionId}: the session's form for its instructor; nothing to change for a student or another instructor. */
export function EditSessionRoute() {
  const { sessionId } = useParams();
  const role = useAuthStore(effectiveRole);
  const fighterId = useAuthStore((state) => state.user?.fighterInfo?.id ?? null);
  const id = Number(sessionId);
  // The route's loader already answers 404 for anything but a positive integer.
  if (!Number.isInteger(id) || id <= 0) throw new Error(`No training session ${sessionId ?? ''}`);
  const canManage = role !== undefined && isInstructorRole(role);
  return (
    <PageFrame>
      <EditSessionForm key={id} sessionId={id} canManage={canManage} fighterId={fighterId} />
    </PageFrame>
  );
}
