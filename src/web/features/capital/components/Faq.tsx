/**
 * Capital's FAQ (capital spec §2 Offer page): nine questions, and the support mailbox.
 */
import { Card, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FaqList } from '../../../components/FaqList';
import { ContactLink } from '../../../components/ContactLink';

export function Faq() {
  const { t } = useTranslation('capital');
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} size="h4" mb="sm">
        {t('faq.title')}
      </Title>
      <FaqList items={[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ({ q: t(`faq.q${n}`), a: t(`faq.a${n}`) }))} />
      <Text size="sm" mt="md">
        {t('faq.more')} <ContactLink mailbox="capital_email" />
      </Text>
    </Card>
  );
}
