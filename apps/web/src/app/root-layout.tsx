import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatches, useNavigation, type Location } from 'react-router';
import { SiteFooter } from '@/components/layouts/site-footer';
import { needsProfile } from '@/features/auth/profile-status';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { NotificationBanner } from '@/features/notifications/components/notification-banner';
import { useRealtimeBanners } from '@/features/notifications/use-realtime-banners';
import { ThemeSelect } from '@/features/preferences/components/theme-select';
import { useApplyPreferences } from '@/features/preferences/use-apply-preferences';
import { useTabTitle } from '@/lib/document-title';
import { useRealtimeConnection } from '@/lib/realtime';
import { SiteHeader, type HeaderSession } from './site-header';

export interface RouteHandle {
  /** Translation key of the page title. */
  titleKey?: string;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'titleKey' in handle;
}

function useDocumentTitle(): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = matches
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1)?.titleKey;
  useTabTitle(titleKey ? t(titleKey) : null);
}

function logout(): void {
  void import('@/features/auth/auth-actions').then(({ logout: signOut }) => signOut());
}

/** The signed-in user for the header, or null for a visitor. */
function useHeaderSession(): HeaderSession | null {
  const user = useAuthStore((state) => (state.loginStatus === 'authenticated' ? state.user : null));
  return user
    ? {
        email: user.email,
        onLogout: logout,
        profileIncomplete: needsProfile(user.fighterInfo),
        // Role 0 is a student, any other an instructor (spec section 3). Written out rather than imported
        // from the contract's enums, which would bring zod into every page's first load.
        // An instructor account waiting for approval gets a student's navigation (ADR 0030).
        isInstructor:
          user.fighterInfo !== null &&
          user.fighterInfo !== undefined &&
          user.fighterInfo.role !== 0 &&
          !user.instructorPending,
      }
    : null;
}

/** Under the header while the signed-in instructor account waits for approval: why the instructor screens are not there. */
function PendingInstructorNotice() {
  const { t } = useTranslation();
  const pending = useAuthStore(
    (state) => state.loginStatus === 'authenticated' && state.user?.instructorPending === true,
  );
  if (!pending) return null;
  return (
    <p
      role="status"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-200"
    >
      {t('account.approval.pendingNotice')}
    </p>
  );
}

/**
 * Whether the signed-in session is known to be live on this page load: a page without a signed-in
 * loader (the landing page, /about) checks it here, so the hubs never open with a stale token.
 */
function useLiveSession(signedIn: boolean): boolean {
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!signedIn) {
      setLive(false);
      return undefined;
    }
    let current = true;
    void import('@/features/auth/auth-actions')
      .then(({ ensureSession }) => ensureSession())
      .then((ok) => {
        if (current) setLive(ok);
      });
    return () => {
      current = false;
    };
  }, [signedIn]);
  return signedIn && live;
}

/** The one layout every route sits under: notification banner, header, the page, footer. */
/** Where a page's scroll is kept: by its history entry, or by its path for a page opened by its address. */
const scrollKey = (location: Location) => (location.key === 'default' ? location.pathname : location.key);

export function RootLayout() {
  useApplyPreferences();
  useDocumentTitle();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const session = useHeaderSession();
  useRealtimeConnection(useLiveSession(session !== null));
  useRealtimeBanners();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-zinc-900"
      >
        {t('nav.skipToContent')}
      </a>
      <NotificationBanner />
      <SiteHeader session={session} />
      <PendingInstructorNotice />
      {navigation.state === 'loading' && (
        <div role="progressbar" aria-label={t('common.loading')} className="h-0.5 w-full animate-pulse bg-brand-500" />
      )}
      {/* It takes the focus from code (a banner closed from the keyboard), not from Tab. */}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter>
        <ThemeSelect />
      </SiteFooter>
      {/*
        Every page opened by its address (typed, or reloaded after that) has the key 'default', so that the
        router would give it the scroll of whichever page was last opened so: by the path for those instead.
      */}
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
