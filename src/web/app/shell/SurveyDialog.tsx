/**
 * The payments survey (shell spec §1's survey widget; the `acquiring_survey` experiment), opened by the sidebar's
 * card on the signed-in pages only. It is the survey host's page in a frame (SURVEY_URL, `{lang}` for the page's
 * language), not a vendor's script in ours: a frame cannot read the page around it, where a script would read every
 * IBAN and token on it; the CSP lets the app frame that host and no other (plugins/security.ts). Its own chunk:
 * nothing loads until a merchant opens it.
 */
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function SurveyDialog(props: { address: string; onClose: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Modal opened onClose={props.onClose} title={t('survey.title')} size="lg" centered>
      <iframe
        src={props.address}
        title={t('survey.frame')}
        // Scripts and forms for the survey itself, on its own origin; no navigating this page away.
        sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
        referrerPolicy="no-referrer"
        style={{ width: '100%', height: 'min(70vh, 640px)', border: 0 }}
      />
    </Modal>
  );
}
