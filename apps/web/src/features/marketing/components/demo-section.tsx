import { useTranslation } from 'react-i18next';
import { DEMO_VIDEO_ID } from '../site-config';
import { DemoVideo } from './demo-video';
import { SectionHeading } from './section-heading';

/** "See OpenMat in action": the demo video behind its click-to-load facade. */
export function DemoSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="demo-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <SectionHeading id="demo-title" title={t('landing.demo.title')} lead={t('landing.demo.lead')} />
      <div className="mx-auto mt-10 max-w-4xl">
        <DemoVideo videoId={DEMO_VIDEO_ID} />
      </div>
    </section>
  );
}
