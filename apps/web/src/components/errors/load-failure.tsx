import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/**
 * A part of a page whose data could not load: the inline failure box, saying what failed, with
 * "Try again". A whole page that cannot load shows `PageError` instead.
 */
export function LoadFailure({
  title,
  onRetry,
  compact = false,
  className,
}: {
  title: string;
  onRetry: () => void;
  compact?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert compact={compact} className={className} title={title}>
      <Button type="button" variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
        {t('common.tryAgain')}
      </Button>
    </Alert>
  );
}
