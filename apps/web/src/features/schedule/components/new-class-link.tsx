import { CalendarPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, type ButtonProps } from '@/components/ui/button';

/** "New recurring class": the link to the class form of the weekly schedule, as a button. */
export function NewClassLink({ variant }: { variant?: ButtonProps['variant'] }) {
  const { t } = useTranslation();
  return (
    <Button asChild variant={variant}>
      <Link to="/schedule/new">
        <CalendarPlus className="h-4 w-4" aria-hidden />
        {t('schedule.newClass')}
      </Link>
    </Button>
  );
}
