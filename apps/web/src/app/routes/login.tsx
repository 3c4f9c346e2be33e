import { useNavigate, useSearchParams } from 'react-router';
import { LoginPanel } from '@/features/auth/components/login-panel';
import { LandingRoute } from './landing';

/** /home and /login: the landing page with the login form beside the hero. */
export function LoginRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <LandingRoute
      aside={<LoginPanel ssoError={params.get('error')} onSuccess={() => void navigate('/class-session')} />}
    />
  );
}
