import type { TFunction } from 'i18next';
import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';

/** Status shown for an error that never got an answer from the server (a network failure, say). */
const CLIENT_ERROR_STATUS = 500;

/**
 * What a failed registration says: every message of the server's `errors` object, or else one
 * 'Error <status>: <message>' line. A thrown error that is not an API answer counts as status 500.
 */
export function registerErrorMessages(error: unknown, t: TFunction): string[] {
  if (error instanceof ApiError) {
    const messages = error.fieldMessages;
    if (messages.length > 0) return messages;
    return [t('register.errorStatus', { status: error.status, message: error.message })];
  }
  const message = error instanceof Error ? error.message : String(error);
  return [t('register.errorStatus', { status: CLIENT_ERROR_STATUS, message })];
}

/** The failed registration, in red, with the pointer to the console where the full error is logged. */
export function RegisterErrors({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const messages = registerErrorMessages(error, t);
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
