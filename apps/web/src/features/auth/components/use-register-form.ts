import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { showAlert } from '@/components/ui/alert-store';
import { registerFighter } from '@/features/auth/api/register';
import { useFighterForm } from './use-fighter-form';
import {
  defaultRegisterValues,
  isPremiumPlan,
  registerPayload,
  roleFromQuery,
  validateRegisterForm,
  VALIDATED_FIELDS,
} from './register-form-model';

/** Where a successful registration leads. */
const AFTER_REGISTER = '/home';

/**
 * The registration form's state: the fields (role preset from `?role=`), the Instructor Premium note
 * for `?plan=premium`, and the call. Success alerts 'Registration successful!' and, once the alert is
 * closed, goes to /home; a failure is logged and kept for the form to list, until the e-mail or the
 * password is edited.
 */
export function useRegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const premium = isPremiumPlan(searchParams.get('plan'));
  const mutation = useMutation({
    mutationFn: registerFighter,
    onSuccess: () => {
      void showAlert(t('register.success'), { tone: 'success' }).then(() => navigate(AFTER_REGISTER));
    },
    onError: (error) => {
      console.error(error);
    },
  });
  const form = useFighterForm({
    initial: () => defaultRegisterValues(roleFromQuery(searchParams.get('role'))),
    fields: VALIDATED_FIELDS,
    validate: validateRegisterForm,
    pending: mutation.isPending,
    onEdit: (field) => {
      if ((field === 'email' || field === 'password') && mutation.isError) mutation.reset();
    },
    onConfirm: (values) => mutation.mutate(registerPayload(values)),
  });
  return { form, mutation, premium };
}
