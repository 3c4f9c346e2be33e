import { CalendarCheck, ScanSearch, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FeatureCard } from './feature-card';
import { SectionHeading } from './section-heading';

const FEATURES = [
  { key: 'analysis', icon: ScanSearch },
  { key: 'sessions', icon: CalendarCheck },
  { key: 'coaching', icon: Users },
];

/** The three feature cards: AI video analysis, sessions and attendance, pairing and lesson plans. */
export function FeaturesSection() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="features-title"
      className="border-y border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900/40"
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <SectionHeading id="features-title" title={t('landing.features.title')} lead={t('landing.features.lead')} />
        <ul className="mt-12 grid grid-cols-1 gap-6 lg:grid-cols-3">
          {FEATURES.map(({ key, icon }) => (
            <li key={key}>
              <FeatureCard
                icon={icon}
                title={t(`landing.features.${key}.title`)}
                description={t(`landing.features.${key}.description`)}
                points={[
                  t(`landing.features.${key}.point1`),
                  t(`landing.features.${key}.point2`),
                  t(`landing.features.${key}.point3`),
                ]}
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
