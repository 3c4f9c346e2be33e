import type { Table } from '@tanstack/react-table';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

export interface TablePagerTexts {
  /** The navigation's accessible name. */
  label: string;
  /** "Page 2 of 5", in the caller's words. */
  pageOf: string;
  previous: string;
  next: string;
}

/** The footer of a paged table: where the reader is, and Previous / Next. */
export function TablePager<T>({ table, texts }: { table: Table<T>; texts: TablePagerTexts }) {
  return (
    <nav
      aria-label={texts.label}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-zinc-200 px-4 py-3 dark:border-zinc-800"
    >
      <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400" aria-live="polite">
        {texts.pageOf}
      </p>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => table.previousPage()}
          disabled={!table.getCanPreviousPage()}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden />
          {texts.previous}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
          {texts.next}
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
