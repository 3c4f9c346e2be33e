import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

export interface FaqItem {
  id: string;
  question: string;
  answer: ReactNode;
}

/**
 * Questions and answers as an accordion: each question is a button in an h3 that opens its answer.
 * One answer is open at a time; Tab, Enter, Space and the arrow keys work as Radix defines.
 */
export function Faq({ items }: { items: FaqItem[] }) {
  return (
    <Accordion.Root
      type="single"
      collapsible
      className="divide-y divide-zinc-200 overflow-hidden rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
    >
      {items.map((item) => (
        <Accordion.Item key={item.id} value={item.id}>
          <Accordion.Header className="text-base font-semibold">
            <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left hover:bg-zinc-50 focus-visible:-outline-offset-2 dark:hover:bg-zinc-800/60">
              <span>{item.question}</span>
              <ChevronDown
                className="h-5 w-5 shrink-0 text-zinc-500 transition-transform duration-200 group-data-[state=open]:rotate-180 dark:text-zinc-400"
                aria-hidden
              />
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-5 leading-relaxed text-zinc-600 dark:text-zinc-300">
            {item.answer}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
