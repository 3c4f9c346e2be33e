import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading';
import { TestimonialCard } from './testimonial-card';

const PEOPLE = ['instructor', 'student'];

/** Two voices from the mats: an instructor and a student. */
export function TestimonialsSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="testimonials-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <SectionHeading
        id="testimonials-title"
        title={t('landing.testimonials.title')}
        lead={t('landing.testimonials.lead')}
      />
      <ul className="mt-12 grid grid-cols-1 gap-6 md:grid-cols-2">
        {PEOPLE.map((person) => (
          <li key={person}>
            <TestimonialCard
              quote={t(`landing.testimonials.${person}.quote`)}
              name={t(`landing.testimonials.${person}.name`)}
              role={t(`landing.testimonials.${person}.role`)}
            />
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-xs text-zinc-500 dark:text-zinc-400">{t('landing.testimonials.note')}</p>
    </section>
  );
}
