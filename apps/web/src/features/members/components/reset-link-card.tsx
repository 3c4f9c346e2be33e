import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { showToast } from '@/components/ui/toast-store';
import { errorText } from '@/lib/failure';
import { issueResetLink, useResetByEmail } from '../api/reset-link';

/**
 * For a student with an account, when the server sends no e-mail: a one-time password reset link
 * (30 minutes) the instructor copies and hands over.
 */
export function ResetLinkCard({ fighterId }: { fighterId: number }) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const byEmail = useResetByEmail();
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [pending, setPending] = useState(false);
  if (byEmail.data?.byEmail !== false) return null;

  async function issue() {
    setPending(true);
    try {
      const issued = await issueResetLink(fighterId);
      setLink({ url: `${window.location.origin}${issued.path}`, expiresAt: issued.expiresAt });
    } catch (error) {
      showToast({ tone: 'error', title: t('members.resetLink.failed'), description: errorText(error).message });
    } finally {
      setPending(false);
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ tone: 'success', title: t('members.resetLink.copied') });
    } catch {
      showToast({ tone: 'warning', title: t('members.resetLink.copyByHand') });
    }
  }

  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{t('members.resetLink.title')}</h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('members.resetLink.lead')}</p>
      {link ? (
        <div className="flex flex-col gap-2">
          <label htmlFor={inputId} className="text-sm font-medium">
            {t('members.resetLink.label', {
              time: new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date(link.expiresAt)),
            })}
          </label>
          <div className="flex gap-2">
            <Input id={inputId} readOnly value={link.url} onFocus={(event) => event.target.select()} />
            <Button variant="secondary" onClick={() => void copy(link.url)} aria-label={t('members.resetLink.copy')}>
              <Copy className="h-4 w-4" aria-hidden />
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="secondary" className="self-start" disabled={pending} onClick={() => void issue()}>
          {t('members.resetLink.issue')}
        </Button>
      )}
    </Card>
  );
}
