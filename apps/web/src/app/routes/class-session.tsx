import { isInstructorRole } from '@openmat/contract/enums';
import { CalendarDays } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { effectiveRole, useAuthStore } from '@/features/auth/stores/auth-store';
import { NewClassLink } from '@/features/schedule/components/new-class-link';
import { WeekTimetable } from '@/features/schedule/components/week-timetable';
import { SessionList } from '@/features/sessions/components/session-list';

/** /class-session: the heading, this week's timetable (the week is what people look for), then the session list, with the actions of the signed-in user's role. */
export function ClassSessionRoute() {
  const { t } = useTranslation();
  const role = useAuthStore(effectiveRole);
  const fighterId = useAuthStore((state) => state.user?.fighterInfo?.id ?? null);
  // An account without a fighter profile gets no instructor actions.
  const isStudent = role === undefined || !isInstructorRole(role);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <SessionList
        isStudent={isStudent}
        fighterId={fighterId}
        week={
          <div className="space-y-3">
            <WeekTimetable />
            {!isStudent && (
              <div className="flex flex-wrap justify-end gap-3">
                <Button asChild variant="ghost">
                  <Link to="/schedule">
                    <CalendarDays className="h-4 w-4" aria-hidden />
                    {t('schedule.title')}
                  </Link>
                </Button>
                <NewClassLink variant="secondary" />
              </div>
            )}
          </div>
        }
      />
    </div>
  );
}
