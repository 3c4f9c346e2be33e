import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';

/** One way to reach the project: an icon, a heading, a sentence and the link itself. */
export function ContactCard({
  icon: Icon,
  title,
  body,
  href,
  linkText,
}: {
  icon: LucideIcon;
  title: string;
  body: string;
  href: string;
  linkText: string;
}) {
  return (
    <Card className="flex h-full flex-col">
      <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-900/60 dark:text-brand-100">
        <Icon className="h-6 w-6" aria-hidden />
      </span>
      <h2 className="mt-5 text-xl font-semibold">{title}</h2>
      <p className="mt-2 flex-1 text-zinc-600 dark:text-zinc-400">{body}</p>
      <a
        href={href}
        className="mt-5 font-semibold break-all text-brand-700 underline-offset-4 hover:underline dark:text-brand-500"
      >
        {linkText}
      </a>
    </Card>
  );
}
