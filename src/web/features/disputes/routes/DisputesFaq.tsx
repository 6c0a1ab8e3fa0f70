/**
 * The disputes FAQ (onboarding spec §9): in the back office (`disputes-faq`, with the way back to the disputes), and
 * in the mobile app's webview (`webview/disputes-faq`: the answers alone — the app has its own way back).
 */
import { Button, Text, Accordion } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';

export function DisputesFaq(props: { webview?: boolean } = {}) {
  const { t } = useTranslation('disputes');
  const items = t('faq.items', { returnObjects: true }) as { q: string; a: string }[];
  return (
    <>
      <PageHeader
        title={t('faq.title')}
        breadcrumbs={props.webview ? undefined : [{ label: t('title'), to: '/disputes' }]}
      />
      <Accordion variant="separated" multiple defaultValue={['0']}>
        {(Array.isArray(items) ? items : []).map((item, i) => (
          <Accordion.Item key={i} value={String(i)}>
            <Accordion.Control>{item.q}</Accordion.Control>
            <Accordion.Panel>
              <Text size="sm">{item.a}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
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
