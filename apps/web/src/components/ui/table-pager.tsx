import type { Table } from '@tanstack/react-table';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { Button } from './button';

export interface TablePagerTexts {
  /** The navigation's accessible name. */
  label: string;
  /** "Page 2 of 5", in the caller's words. */
  pageOf: string;
  previous: string;
  next: string;
}

export interface PagerProps {
  texts: TablePagerTexts;
  canPrevious: boolean;
  canNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

/**
 * The footer of a paged list: where the reader is, and Previous / Next. Next pressed onto the last page
 * is disabled under the focus, which then moves to Previous (and the other way round on the first page),
 * so that the keyboard is never left on the page's body.
 */
export function Pager({ texts, canPrevious, canNext, onPrevious, onNext }: PagerProps) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (!canNext && active === next.current && canPrevious) previous.current?.focus();
    else if (!canPrevious && active === previous.current && canNext) next.current?.focus();
  }, [canNext, canPrevious]);
  return (
    <nav
      aria-label={texts.label}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-zinc-200 px-4 py-3 dark:border-zinc-800"
    >
      <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400" aria-live="polite">
        {texts.pageOf}
      </p>
      <div className="flex gap-2">
        <Button ref={previous} variant="secondary" size="sm" onClick={onPrevious} disabled={!canPrevious}>
          <ChevronLeft className="h-4 w-4" aria-hidden />
          {texts.previous}
        </Button>
        <Button ref={next} variant="secondary" size="sm" onClick={onNext} disabled={!canNext}>
          {texts.next}
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </nav>
  );
}

/** The pager of a TanStack table. */
export function TablePager<T>({ table, texts }: { table: Table<T>; texts: TablePagerTexts }) {
  return (
    <Pager
      texts={texts}
      canPrevious={table.getCanPreviousPage()}
      canNext={table.getCanNextPage()}
      onPrevious={() => table.previousPage()}
      onNext={() => table.nextPage()}
    />
  );
}
