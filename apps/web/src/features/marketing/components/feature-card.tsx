import { Check, type LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';

export interface FeatureCardProps {
  icon: LucideIcon;
  title: string;
  description: string;
  points: string[];
}

/** One product feature: an icon, a title (h3), a sentence and a short list of what it gives you. */
export function FeatureCard({ icon: Icon, title, description, points }: FeatureCardProps) {
  return (
    <Card className="flex h-full flex-col">
      <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-900/60 dark:text-brand-100">
        <Icon className="h-6 w-6" aria-hidden />
      </span>
      <h3 className="mt-5 text-xl font-semibold">{title}</h3>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{description}</p>
      <ul className="mt-5 space-y-2 text-sm">
        {points.map((point) => (
          <li key={point} className="flex gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden />
            <span>{point}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
