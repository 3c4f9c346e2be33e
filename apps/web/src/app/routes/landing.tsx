import { lazy, Suspense, type ReactNode } from 'react';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { BetaSection } from '@/features/marketing/components/beta-section';
import { DemoSection } from '@/features/marketing/components/demo-section';
import { FeaturesSection } from '@/features/marketing/components/features-section';
import { HeroSection } from '@/features/marketing/components/hero-section';
import { TestimonialsSection } from '@/features/marketing/components/testimonials-section';

const LandingTimetable = lazy(() => import('../landing-timetable'));

/**
 * The landing page (/). /home and /login reuse it with the login form passed as `aside`, which sits
 * beside the hero text on desktop and below it on phones. A signed-in user sees this week's
 * timetable first.
 */
export function LandingRoute({ aside }: { aside?: ReactNode }) {
  const signedIn = useAuthStore((state) => state.loginStatus === 'authenticated');
  return (
    <>
      {signedIn && !aside && (
        <Suspense fallback={null}>
          <LandingTimetable />
        </Suspense>
      )}
      <HeroSection aside={aside} />
      <DemoSection />
      <FeaturesSection />
      <TestimonialsSection />
      <BetaSection />
    </>
  );
}
