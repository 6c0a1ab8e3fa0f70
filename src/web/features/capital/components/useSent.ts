/**
 * After a capital wizard is sent (capital spec §2): the success notice, capital's cached answers forgotten, the
 * next page opened in the wizard's place.
 */
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../components/notificationStore';

/** After a wizard is sent: says so, forgets capital's cached answers, and opens `page` in the wizard's place. */
export function useSent() {
  const { t } = useTranslation('capital');
  const navigate = useNavigate();
  const client = useQueryClient();
  return (page: string) => {
    notify({ variant: 'success', title: t('application.submittedTitle'), message: '' });
    void client.invalidateQueries({ queryKey: ['capital'] });
    void navigate(page, { replace: true });
  };
}
