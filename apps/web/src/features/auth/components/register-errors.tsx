import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/failure';

/** Status shown for an error that never got an answer from the server (a network failure, say). */
const CLIENT_ERROR_STATUS = 500;

/**
 * The failed registration, in red, with the pointer to the console where the full error is logged:
 * every message of the server's `errors` object, or else one 'Error <status>: <message>' line. A thrown
 * error that is not an API answer counts as status 500.
 */
export function RegisterErrors({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const text = errorText(error);
  const messages =
    text.fieldMessages.length > 0
      ? text.fieldMessages
      : [t('register.errorStatus', { status: text.status ?? CLIENT_ERROR_STATUS, message: text.message })];
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300"
    >
      <CircleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div className="min-w-0 space-y-2">
        <ul className="space-y-1 font-medium break-words">
          {messages.map((message, index) => (
            <li key={`${index}-${message}`}>{message}</li>
          ))}
        </ul>
        <p>{t('common.checkConsole')}</p>
      </div>
    </div>
  );
}
