import { cn } from '@/lib/cn';

/** The h2 and short lead line that open a section of a public page. */
export function SectionHeading({
  id,
  title,
  lead,
  className,
}: {
  id: string;
  title: string;
  lead?: string;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      <h2 id={id} className="text-3xl font-bold tracking-tight text-balance">
        {title}
      </h2>
      {lead && <p className="mt-3 text-lg text-pretty text-zinc-600 dark:text-zinc-400">{lead}</p>}
    </div>
  );
}
