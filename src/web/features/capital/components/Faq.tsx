/**
 * Capital's FAQ (capital spec §2 Offer page): nine questions, and the support mailbox.
 */
import { Accordion, Card, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ContactLink } from '../../../components/ContactLink';

export function Faq() {
  const { t } = useTranslation('capital');
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} size="h4" mb="sm">
        {t('faq.title')}
      </Title>
      <Accordion variant="separated" radius="md">
        {[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => (
          <Accordion.Item key={n} value={`q${n}`}>
            <Accordion.Control>{t(`faq.q${n}`)}</Accordion.Control>
            <Accordion.Panel>{t(`faq.a${n}`)}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Text size="sm" mt="md">
        {t('faq.more')} <ContactLink mailbox="capital_email" />
      </Text>
    </Card>
  );
}
