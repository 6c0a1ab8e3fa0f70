/**
 * The offer page's sections (capital spec §2 Offer page, Capital home pieces): how it works, what to expect,
 * repayment with the 22 percent pitch and an example sales chart (29,500 and 38,500, §9).
 */
import { Alert, Card, Group, SimpleGrid, Stack, Text, Title, Box, List, Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { money, type Lang } from '../../../../domain/capital/format';
import { Faq } from './Faq';

function Steps(props: { title: string; keys: string[] }) {
  const { t } = useTranslation('capital');
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} size="h4" mb="sm">
        {props.title}
      </Title>
      <List type="ordered" spacing="xs">
        {props.keys.map((key) => (
          <List.Item key={key}>{t(key)}</List.Item>
        ))}
      </List>
    </Card>
  );
}

/** §9: the example sales chart's two weeks, and the share the pitch names. */
const EXAMPLE_WEEKS = [29_500, 38_500];

const PITCH_RATE = 22;

export function OfferSections() {
  const { t, i18n } = useTranslation('capital');
  const lang = i18n.language as Lang;
  const top = Math.max(...EXAMPLE_WEEKS);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Steps
          title={t('offer.howItWorks.title')}
          keys={['offer.howItWorks.s1', 'offer.howItWorks.s2', 'offer.howItWorks.s3']}
        />
        <Steps
          title={t('offer.expect.title')}
          keys={['offer.expect.s1', 'offer.expect.s2', 'offer.expect.s3']}
        />
      </SimpleGrid>
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} size="h4" mb="xs">
          {t('offer.repayment.title')}
        </Title>
        <Text mb="sm">{t('offer.repayment.body')}</Text>
        <Alert color="teal" variant="light" mb="md">
          {t('offer.pitch')}
        </Alert>
        <Text size="sm" fw={600} mb="xs">
          {t('offer.repayment.chartTitle')}
        </Text>
        <Stack gap="xs" role="img" aria-label={t('offer.repayment.chartTitle')}>
          {EXAMPLE_WEEKS.map((sales, i) => (
            <Box key={sales}>
              <Group justify="space-between" gap="xs">
                <Text size="sm">{t(i === 0 ? 'offer.repayment.week1' : 'offer.repayment.week2')}</Text>
                <Text size="sm" dir="ltr">
                  {money(sales, 'AED', lang, { whole: true })} ·{' '}
                  {money((sales * PITCH_RATE) / 100, 'AED', lang, { whole: true })}
                </Text>
              </Group>
              {/* Drawn only: the chart is one image named by its title, its figures are the text above. */}
              <Progress.Root size="xl" radius="md" aria-hidden>
                <Progress.Section value={((sales * PITCH_RATE) / 100 / top) * 100} color="violet" />
                <Progress.Section value={((sales * (100 - PITCH_RATE)) / 100 / top) * 100} color="teal.3" />
              </Progress.Root>
            </Box>
          ))}
          <Group gap="md">
            <Group gap={6}>
              <Box w={10} h={10} bg="violet" style={{ borderRadius: 3 }} />
              <Text size="xs">{t('offer.repayment.deducted')}</Text>
            </Group>
            <Group gap={6}>
              <Box w={10} h={10} bg="teal.3" style={{ borderRadius: 3 }} />
              <Text size="xs">{t('offer.repayment.sales')}</Text>
            </Group>
          </Group>
        </Stack>
      </Card>
      <Faq />
    </Stack>
  );
}
