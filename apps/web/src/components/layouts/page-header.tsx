import type { ReactNode } from 'react';

/** A page's heading and lead, with its main action beside them on wider screens and below on a phone. */
export function PageHeader({ title, lead, action }: { title: string; lead: string; action: ReactNode }) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{title}</h1>
        <p className="mt-2 text-pretty text-zinc-600 dark:text-zinc-400">{lead}</p>
      </div>
      {action}
    </header>
  );
}
