import { cn } from '@/lib/cn';

/** The one h1 of a public page, with its lead paragraph. */
export function PageHeading({ title, lead, className }: { title: string; lead: string; className?: string }) {
  return (
    <header className={cn('max-w-3xl', className)}>
      <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
      <p className="mt-4 text-lg text-pretty text-zinc-600 dark:text-zinc-400">{lead}</p>
    </header>
  );
}
