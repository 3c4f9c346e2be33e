import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { ResetPasswordScreen } from '@/features/auth/components/reset-password-screen';

/** /reset-password: a reset link's page, and where a member asks for one. */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:py-14">
      <h1 className="text-center text-3xl font-extrabold tracking-tight text-balance">
        {token ? t('account.reset.titleNew') : t('account.reset.titleRequest')}
      </h1>
      <Card className="mt-8 p-5 sm:p-8">
        <ResetPasswordScreen token={token} onDone={() => void navigate('/login')} />
      </Card>
    </div>
  );
}
