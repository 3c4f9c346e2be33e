import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
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
    <Alert>
      <ul className="space-y-1 font-medium">
        {messages.map((message, index) => (
          <li key={`${index}-${message}`}>{message}</li>
        ))}
      </ul>
      <p className="pt-1">{t('common.checkConsole')}</p>
    </Alert>
  );
}
