import { useTranslation } from 'react-i18next';

interface Technology {
  /** Product names are not translated. */
  name: string;
  /** Translation key of what OpenMat uses it for. */
  roleKey: string;
}

const STACK: { groupKey: string; items: Technology[] }[] = [
  {
    groupKey: 'about.stack.web',
    items: [
      { name: 'React 19', roleKey: 'about.stack.react' },
      { name: 'Vite', roleKey: 'about.stack.vite' },
      { name: 'React Router', roleKey: 'about.stack.router' },
      { name: 'TanStack Query', roleKey: 'about.stack.query' },
      { name: 'Tailwind CSS', roleKey: 'about.stack.tailwind' },
      { name: 'Radix UI', roleKey: 'about.stack.radix' },
      { name: 'i18next', roleKey: 'about.stack.i18next' },
    ],
  },
  {
    groupKey: 'about.stack.server',
    items: [
      { name: 'Fastify', roleKey: 'about.stack.fastify' },
      { name: 'Kysely', roleKey: 'about.stack.kysely' },
      { name: 'SQLite / PostgreSQL', roleKey: 'about.stack.database' },
      { name: 'zod', roleKey: 'about.stack.zod' },
    ],
  },
  {
    groupKey: 'about.stack.media',
    items: [
      { name: 'ffmpeg', roleKey: 'about.stack.ffmpeg' },
      { name: 'SignalR', roleKey: 'about.stack.signalr' },
    ],
  },
];

/** The technology stack, in three groups, each a list of tools and what they do here. */
export function TechStackList() {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-3">
      {STACK.map((group) => {
        const headingId = `stack-${group.groupKey.split('.').at(-1) ?? ''}`;
        return (
          <section
            key={group.groupKey}
            aria-labelledby={headingId}
            className="rounded-xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <h3 id={headingId} className="text-lg font-semibold">
              {t(group.groupKey)}
            </h3>
            <ul className="mt-4 space-y-3">
              {group.items.map((item) => (
                <li key={item.name}>
                  <span className="font-medium text-zinc-900 dark:text-zinc-100">{item.name}</span>
                  <span className="block text-sm text-zinc-600 dark:text-zinc-400">{t(item.roleKey)}</span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
