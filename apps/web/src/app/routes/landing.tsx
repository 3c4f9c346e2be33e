import type { ReactNode } from 'react';
import { BetaSection } from '@/features/marketing/components/beta-section';
import { DemoSection } from '@/features/marketing/components/demo-section';
import { FeaturesSection } from '@/features/marketing/components/features-section';
import { HeroSection } from '@/features/marketing/components/hero-section';
import { TestimonialsSection } from '@/features/marketing/components/testimonials-section';

/**
 * The landing page (/). /home and /login reuse it with the login form passed as `aside`, which sits
 * beside the hero text on desktop and below it on phones.
 */
export function LandingRoute({ aside }: { aside?: ReactNode }) {
  return (
    <>
      <HeroSection aside={aside} />
      <DemoSection />
      <FeaturesSection />
      <TestimonialsSection />
      <BetaSection />
    </>
  );
}
