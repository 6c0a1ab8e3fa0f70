/**
 * The disputes FAQ (onboarding spec §9).
 */
import { Button, Text, Accordion } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';

export function DisputesFaq() {
  const { t } = useTranslation('disputes');
  const items = t('faq.items', { returnObjects: true }) as { q: string; a: string }[];
  return (
    <>
      <PageHeader title={t('faq.title')} breadcrumbs={[{ label: t('title'), to: '/disputes' }]} />
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
      <Button component={Link} to="/disputes" variant="subtle" mt="md">
        {t('faq.back')}
      </Button>
    </>
  );
}
