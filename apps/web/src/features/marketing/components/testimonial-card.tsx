import { Quote } from 'lucide-react';
import { Card } from '@/components/ui/card';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

/** A quote with the name and role of the person who said it. */
export function TestimonialCard({ quote, name, role }: { quote: string; name: string; role: string }) {
  return (
    <Card className="h-full">
      <figure className="flex h-full flex-col">
        <Quote className="h-8 w-8 text-brand-500" aria-hidden />
        <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-pretty">
          <p>{quote}</p>
        </blockquote>
        <figcaption className="mt-6 flex items-center gap-3">
          <span
            aria-hidden
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white dark:bg-brand-600"
          >
            {initials(name)}
          </span>
          <span className="flex flex-col">
            <span className="font-semibold">{name}</span>
            <span className="text-sm text-zinc-600 dark:text-zinc-400">{role}</span>
          </span>
        </figcaption>
      </figure>
    </Card>
  );
}
