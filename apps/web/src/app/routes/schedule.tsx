import { RecurringClassForm } from '@/features/schedule/components/recurring-class-form';

/** /schedule/new: an instructor adds a recurring class to the weekly schedule. */
export function NewRecurringClassRoute() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <RecurringClassForm />
    </div>
  );
}
