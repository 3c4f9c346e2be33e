import { useNavigate, useSearchParams } from 'react-router';
import { LoginPanel } from '@/features/auth/components/login-panel';
import { RETURN_TO_PARAM, safeReturnPath } from '@/lib/return-to';
import { LandingRoute } from './landing';

/** /home and /login: the landing page with the login form beside the hero. */
export function LoginRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <LandingRoute
      aside={
        <LoginPanel
          ssoError={params.get('error')}
          // Back to the page that sent the visitor here (a shared video's link, say), on this site only.
          onSuccess={() => void navigate(safeReturnPath(params.get(RETURN_TO_PARAM)) ?? '/class-session')}
        />
      }
    />
  );
}
