/**
 * The studio's frame, for ops only (docs/studio.md): the staff pages' shared frame (components/StaffFrame).
 */
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { StaffFrame } from '../../../components/StaffFrame';
import { StaffOnly } from '../../../components/StaffOnly';

/** Ops only: anyone else signed in is told, a visitor goes to sign-in and comes back. */
export function OpsOnly(props: { children: React.ReactNode }) {
  const { t } = useTranslation('studio');
  const { pathname } = useLocation();
  return (
    <StaffOnly denied={{ title: t('denied.title'), body: t('denied.body'), back: t('denied.back') }}>
      <StaffFrame current={pathname.startsWith('/studio/audit') ? 'audit' : 'studio'} size="xl">
        {props.children}
      </StaffFrame>
    </StaffOnly>
  );
}
