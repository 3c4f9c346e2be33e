import { flexRender, type Header, type SortDirection } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, LoaderCircle } from 'lucide-react';
import type { Key, ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * The pieces a list shares when it is a table from the `md` breakpoint on and a list of cards below it:
 * the header cells, the full-width state row, the loading line and the cards' list.
 */

function ariaSort(direction: false | SortDirection): 'ascending' | 'descending' | undefined {
  if (direction === 'asc') return 'ascending';
  if (direction === 'desc') return 'descending';
  return undefined;
}

function SortIcon({ direction }: { direction: false | SortDirection }) {
  if (direction === 'asc') return <ArrowUp className="h-3.5 w-3.5" aria-hidden />;
  if (direction === 'desc') return <ArrowDown className="h-3.5 w-3.5" aria-hidden />;
  return <ArrowUpDown className="h-3.5 w-3.5 opacity-40" aria-hidden />;
}

/** A column's header; if the column can be sorted, a button that sorts it, with the order shown and told. */
export function TableHeaderCell<T>({ header, className }: { header: Header<T, unknown>; className?: string }) {
  const label = flexRender(header.column.columnDef.header, header.getContext());
  const direction = header.column.getIsSorted();
  const canSort = header.column.getCanSort();
  return (
    <th
      scope="col"
      aria-sort={canSort ? ariaSort(direction) : undefined}
      className={cn('px-3 py-3 text-left text-sm font-semibold text-zinc-600 dark:text-zinc-400', className)}
    >
      {canSort ? (
        <button
          type="button"
          onClick={header.column.getToggleSortingHandler()}
          className={cn(
            '-mx-1 inline-flex items-center gap-1.5 rounded px-1 py-0.5 hover:text-zinc-900 dark:hover:text-zinc-100',
            direction && 'text-zinc-900 dark:text-zinc-100',
          )}
        >
          {label}
          <SortIcon direction={direction} />
        </button>
      ) : (
        label
      )}
    </th>
  );
}

const STATE = 'px-4 py-10 text-center text-zinc-600 dark:text-zinc-400';

/** One full-width row of the table body: the loading, empty or error state. */
export function TableStateRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className={STATE}>
        {children}
      </td>
    </tr>
  );
}

/** The list's loading line, in the table and on the cards. */
export function LoadingStatus({ label }: { label: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden />
      {label}
    </span>
  );
}

export interface CardListProps<T> {
  /** The items of the current page, in the table's order. */
  items: T[];
  itemKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  /** The id of the section's title, which names the list. */
  labelledBy: string;
  isPending: boolean;
  /** What shows while the items load. */
  loading: ReactNode;
  /** What shows when there are none. */
  empty: ReactNode;
  className?: string;
}

/** The table's page as cards, for a phone: the loading line, the empty text, or one card per item. */
export function CardList<T>({
  items,
  itemKey,
  renderItem,
  labelledBy,
  isPending,
  loading,
  empty,
  className,
}: CardListProps<T>) {
  if (isPending) return <div className={cn(STATE, className)}>{loading}</div>;
  if (items.length === 0) return <p className={cn(STATE, className)}>{empty}</p>;
  return (
    <ul aria-labelledby={labelledBy} className={cn('space-y-3 bg-zinc-50 p-3 dark:bg-zinc-950/40', className)}>
      {items.map((item) => (
        <li key={itemKey(item)}>{renderItem(item)}</li>
      ))}
    </ul>
  );
}
