/**
 * {capital_base}/waitlist (capital spec §2 Waitlist page), a catalogue flow.
 */
import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { FlowForm } from '../../../components/FlowForm';
import { useCapitalBase, capitalKeys, useWaitlist } from '../api';
import { CapitalFrame, PageLoading } from '../components/CapitalFrame';

/**
 * {capital_base}/waitlist (§2 Waitlist page, §5): the catalogue flow `capital-waitlist` (stores, a purpose,
 * join; schemas/capital-waitlist), then "you are on the waitlist" for good (the account's entry says so).
 */
export function WaitlistPage() {
  const { t } = useTranslation('capital');
  const client = useQueryClient();
  const base = useCapitalBase();
  const entry = useWaitlist();
  return (
    <CapitalFrame query={entry}>
      {(data) =>
        data.joined ? (
          <Card withBorder radius="lg" padding="xl" maw={560} data-testid="waitlist-joined">
            <Stack align="center" ta="center" gap="sm">
              <ThemeIcon size={48} radius="xl" color="teal" variant="light">
                <IconCheck />
              </ThemeIcon>
              <Title order={1} size="h3">
                {t('waitlist.joined')}
              </Title>
              <Text c="dimmed">{t('waitlist.joinedBody')}</Text>
            </Stack>
          </Card>
        ) : (
          <>
            <PageHeader title={t('title')} />
            <FlowForm
              flowId="capital-waitlist"
              basePath={`${base}/waitlist`}
              onSubmitted={() => void client.invalidateQueries({ queryKey: capitalKeys.waitlist })}
              submitted={() => <PageLoading />}
            />
          </>
        )
      }
    </CapitalFrame>
  );
}
