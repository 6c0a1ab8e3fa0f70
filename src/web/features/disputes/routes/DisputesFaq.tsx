/**
 * The disputes FAQ (onboarding spec §9): in the back office (`disputes-faq`, with the way back to the disputes), and
 * in the mobile app's webview (`webview/disputes-faq`: the answers alone — the app has its own way back).
 */
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FaqList, faqItems } from '../../../components/FaqList';
import { PageHeader } from '../../../components/PageHeader';

export function DisputesFaq(props: { webview?: boolean } = {}) {
  const { t } = useTranslation('disputes');
  return (
    <>
      <PageHeader
        title={t('faq.title')}
        breadcrumbs={props.webview ? undefined : [{ label: t('title'), to: '/disputes' }]}
      />
      <FaqList items={faqItems(t, 'faq.items')} firstOpen />
      {!props.webview && (
        <Button component={Link} to="/disputes" variant="subtle" mt="md">
          {t('faq.back')}
        </Button>
      )}
    </>
  );
}

/** The FAQ as the mobile app's webview shows it. */
export const WebviewDisputesFaq = () => <DisputesFaq webview />;
