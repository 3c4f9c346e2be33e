import { QueryClientProvider } from '@tanstack/react-query';
import { WeekTimetable } from '@/features/schedule/components/week-timetable';
import { appQueryClient } from '@/lib/query-client';

/**
 * The timetable of the coming seven days on the landing page of a signed-in user. It loads after the page (the landing
 * page's first load stays without TanStack Query and zod), with the data routes' query client.
 */
export default function LandingTimetable() {
  return (
    <QueryClientProvider client={appQueryClient()}>
      <div className="mx-auto max-w-6xl px-4 pt-8">
        <WeekTimetable />
      </div>
    </QueryClientProvider>
  );
}
