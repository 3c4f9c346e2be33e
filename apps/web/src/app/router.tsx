import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  data,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { useTranslation } from 'react-i18next';
import { RouteError } from '@/components/errors/route-error';
import { Spinner } from '@/components/ui/spinner';
import { loginPage, requireSession } from './auth-guards';
import { RootLayout, type RouteHandle } from './root-layout';

/** What shows while the first page's code loads, in the reader's language (i18n is ready before the first render). */
function FirstLoad() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner label={t('common.loading')} />
    </div>
  );
}

/** Ids in addresses are positive integers; anything else is a page that does not exist. */
function requireIdParam(name: string) {
  return ({ params }: LoaderFunctionArgs) => {
    const value = params[name] ?? '';
    if (!/^[1-9]\d*$/.test(value)) throw data(null, { status: 404, statusText: 'Not Found' });
    return null;
  };
}

const landing = async () => ({ Component: (await import('./routes/landing')).LandingRoute });
const login = async () => ({ Component: (await import('./routes/login')).LoginRoute });

type LazyPage = () => Promise<{ Component: ComponentType }>;

function page(path: string, titleKey: string, lazy: LazyPage, loader?: LoaderFunction): RouteObject {
  const handle: RouteHandle = { titleKey };
  return loader ? { path, handle, lazy, loader } : { path, handle, lazy };
}

/** Every page of the app under one layout: home, sign-in, registration, profile, sessions and their details. Each page is its own chunk. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <FirstLoad />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          page('/', 'routes.landing', landing),
          {
            // The screens that work with server data share one TanStack Query client, loaded with them.
            lazy: async () => ({ Component: (await import('./data-layout')).DataLayout }),
            children: [
              page('/home', 'routes.login', login, loginPage),
              page('/login', 'routes.login', login, loginPage),
              page('/register', 'routes.register', async () => ({
                Component: (await import('./routes/register')).RegisterRoute,
              })),
              page('/reset-password', 'routes.resetPassword', async () => ({
                Component: (await import('./routes/reset-password')).ResetPasswordRoute,
              })),
              page('/sso-callback', 'routes.ssoCallback', async () => ({
                Component: (await import('./routes/sso-callback')).SsoCallbackRoute,
              })),
              {
                // Signed-in pages: the session is checked before they show; visitors go to /login.
                loader: requireSession,
                children: [
                  page('/class-session', 'routes.classSession', async () => ({
                    Component: (await import('./routes/class-session')).ClassSessionRoute,
                  })),
                  page('/create-session', 'routes.createSession', async () => ({
                    Component: (await import('./routes/session-form')).CreateSessionRoute,
                  })),
                  page(
                    '/edit-session/:sessionId',
                    'routes.editSession',
                    async () => ({ Component: (await import('./routes/session-form')).EditSessionRoute }),
                    requireIdParam('sessionId'),
                  ),
                  page(
                    '/session-details/:sessionId',
                    'routes.sessionDetails',
                    async () => ({ Component: (await import('./routes/session-details')).SessionDetailsRoute }),
                    requireIdParam('sessionId'),
                  ),
                  page('/schedule/new', 'routes.newRecurringClass', async () => ({
                    Component: (await import('./routes/schedule')).NewRecurringClassRoute,
                  })),
                  page('/schedule', 'routes.schedule', async () => ({
                    Component: (await import('./routes/schedule')).ScheduleRoute,
                  })),
                  page(
                    '/schedule/:classId/edit',
                    'routes.editRecurringClass',
                    async () => ({ Component: (await import('./routes/schedule')).EditRecurringClassRoute }),
                    requireIdParam('classId'),
                  ),
                  page('/members', 'routes.members', async () => ({
                    Component: (await import('./routes/members')).MembersRoute,
                  })),
                  page(
                    '/members/:fighterId',
                    'routes.member',
                    async () => ({ Component: (await import('./routes/members')).MemberRoute }),
                    requireIdParam('fighterId'),
                  ),
                  page('/profile', 'routes.profile', async () => ({
                    Component: (await import('./routes/profile')).ProfileRoute,
                  })),
                  page('/video-analysis', 'routes.videoAnalysis', async () => ({
                    Component: (await import('./routes/video-analysis')).VideoAnalysisRoute,
                  })),
                  page('/videos', 'routes.videos', async () => ({
                    Component: (await import('./routes/videos')).VideosRoute,
                  })),
                  page(
                    '/video-review/:videoId',
                    'routes.videoReview',
                    async () => ({ Component: (await import('./routes/video-review')).VideoReviewRoute }),
                    requireIdParam('videoId'),
                  ),
                ],
              },
            ],
          },
          page('/pricing', 'routes.pricing', async () => ({
            Component: (await import('./routes/pricing')).PricingRoute,
          })),
          page('/about', 'routes.about', async () => ({ Component: (await import('./routes/about')).AboutRoute })),
          page('/contact', 'routes.contact', async () => ({
            Component: (await import('./routes/contact')).ContactRoute,
          })),
          page('/privacy', 'routes.privacy', async () => ({
            Component: (await import('./routes/privacy')).PrivacyRoute,
          })),
          {
            path: '*',
            loader: () => {
              throw data(null, { status: 404, statusText: 'Not Found' });
            },
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
