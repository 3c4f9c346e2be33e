import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../stores/auth-store';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountSection } from './delete-account-section';
import { PendingInstructors } from './pending-instructors';

/**
 * The account's part of the profile page: a notice while an instructor account waits for approval,
 * the instructors waiting for the caller's approval, changing the password, and deleting the account.
 */
export function AccountSettings() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const hasPassword = user?.hasPassword ?? true;
  const instructor = user?.fighterInfo?.role === 1;
  return (
    <div className="flex flex-col gap-10">
      {user?.instructorPending && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-200"
        >
          <Clock className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          {t('account.approval.waiting')}
        </p>
      )}
      {instructor && !user.instructorPending && <PendingInstructors />}
      {hasPassword && <ChangePasswordForm />}
      <DeleteAccountSection hasPassword={hasPassword} />
    </div>
  );
}
