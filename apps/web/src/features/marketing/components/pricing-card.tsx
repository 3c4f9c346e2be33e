import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

export interface PricingCardProps {
  id: string;
  name: string;
  description: string;
  price: string;
  /** The usual price, shown struck through next to a promotional one. */
  regularPrice?: string;
  badge?: string;
  features: string[];
  /** Small print under the button: price lock, cancellation. */
  notes?: string[];
  cta: { label: string; to: string };
  highlighted?: boolean;
}

/** One pricing tier: name (h2), price per month, what it includes and the button to take it. */
export function PricingCard({
  id,
  name,
  description,
  price,
  regularPrice,
  badge,
  features,
  notes = [],
  cta,
  highlighted = false,
}: PricingCardProps) {
  const { t } = useTranslation();
  return (
    <Card
      className={cn(
        'relative flex h-full flex-col p-6 sm:p-8',
        highlighted && 'ring-2 ring-brand-600 dark:ring-brand-500',
      )}
    >
      <h2 id={`${id}-title`} className="text-2xl font-bold">
        {name}
      </h2>
      {badge && (
        <p className="absolute -top-3.5 left-6 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white shadow-sm sm:left-8 dark:bg-brand-600">
          {badge}
        </p>
      )}
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{description}</p>
      <p className="mt-6 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        {regularPrice && (
          <del className="text-2xl font-semibold text-zinc-500 dark:text-zinc-400">
            <span className="sr-only">{t('pricing.regularPrice')} </span>
            {regularPrice}
          </del>
        )}
        <span className="text-5xl font-extrabold tracking-tight">
          {regularPrice && <span className="sr-only">{t('pricing.currentPrice')} </span>}
          {price}
        </span>
        <span className="text-zinc-600 dark:text-zinc-400">{t('pricing.perMonth')}</span>
      </p>
      <Button asChild size="lg" variant={highlighted ? 'primary' : 'secondary'} className="mt-8 w-full">
        <Link to={cta.to}>{cta.label}</Link>
      </Button>
      <h3 className="mt-8 text-sm font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
        {t('pricing.includes')}
      </h3>
      <ul className="mt-4 flex-1 space-y-3">
        {features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <Check className="mt-0.5 h-5 w-5 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      {notes.length > 0 && (
        <ul className="mt-8 space-y-2 border-t border-zinc-200 pt-6 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}
