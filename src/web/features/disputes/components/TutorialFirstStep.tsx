/**
 * The disputes tutorial's first step (shell spec §2.3): on the list; its second is the sidebar's users item.
 */
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOCAL_FLAGS, useLocalFlag } from '../../../localFlags';

/** The tutorial's first step (shell spec §2.3: "the initial tutorial step is 'first'"). */
export function TutorialFirstStep(props: { admin: boolean }) {
  const { t } = useTranslation('disputes');
  const [step, setStep] = useLocalFlag(LOCAL_FLAGS.disputesTutorial);
  if (step !== null && step !== 'first') return null;
  return (
    <Card
      withBorder
      mb="md"
      bg="var(--mantine-color-mint-0, var(--mantine-color-teal-0))"
      data-testid="tutorial"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text fw={600}>{t('tutorial.title')}</Text>
          <Text size="sm">{t('tutorial.body')}</Text>
        </Stack>
        {props.admin && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('tutorial.step')}
          </Text>
        )}
      </Group>
      <Group justify="flex-end" mt="sm">
        <Button size="xs" onClick={() => setStep(props.admin ? 'second' : 'done')}>
          {props.admin ? t('tutorial.next') : t('tutorial.done')}
        </Button>
      </Group>
    </Card>
  );
}
