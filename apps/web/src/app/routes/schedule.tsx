import { HolidaysPanel } from '@/features/schedule/components/holidays-panel';
import { RecurringClassForm } from '@/features/schedule/components/recurring-class-form';

/** /schedule/new: an instructor adds a recurring class to the weekly schedule, and the academy's holidays. */
export function NewRecurringClassRoute() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-12 px-4 py-10 sm:py-14">
      <RecurringClassForm />
      <HolidaysPanel />
    </div>
  );
}
