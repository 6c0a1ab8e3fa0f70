/**
 * The studio's flows (docs/studio.md).
 */
import { Anchor, Badge, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shortId, useAlerts, useStudioFlows } from '../api';
import { langOf } from '../../../components/listText';

export function FlowList() {
  const { t, i18n } = useTranslation('studio');
  const flows = useStudioFlows();
  // Loaded beside the list, never holding it up: each flow's figures are counted over its events.
  const alerts = useAlerts();
  const points = (value: number) =>
    new Intl.NumberFormat(langOf(i18n.language), { maximumFractionDigits: 1 }).format(Math.abs(value) * 100);
  return (
    <Stack>
      <Title order={2}>{t('flows.title')}</Title>
      <Text c="dimmed">{t('flows.help')}</Text>
      {flows.isPending ? (
        <Stack>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={40} />
          ))}
        </Stack>
      ) : flows.isError ? (
        <Text c="red">{t('load.failed')}</Text>
      ) : flows.data.length === 0 ? (
        <Text c="dimmed">{t('flows.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" highlightOnHover data-testid="flows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('flows.flow')}</Table.Th>
                <Table.Th>{t('flows.steps')}</Table.Th>
                <Table.Th>{t('flows.current')}</Table.Th>
                <Table.Th>{t('flows.updated')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {flows.data.map((flow) => (
                <Table.Tr key={flow.flow}>
                  <Table.Td>
                    <Anchor component={Link} to={`/studio/flows/${flow.flow}`} fw={500}>
                      {(flow.title && flow.texts[i18n.language]?.[flow.title]) ?? flow.flow}
                    </Anchor>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {flow.flow}
                    </Text>
                    {/* Under the form's name, where a phone shows it without scrolling the table sideways. */}
                    <Stack gap={4} align="flex-start" mt={4}>
                      {flow.rollout && (
                        <Text size="xs" c="blue" fw={600} data-testid={`rollout-${flow.flow}`}>
                          {t('flows.rollout', {
                            version: shortId(flow.rollout.version),
                            share: flow.rollout.share,
                          })}
                        </Text>
                      )}
                      {alerts.data
                        ?.filter((a) => a.flow === flow.flow)
                        .map((a) => (
                          <Anchor
                            key={a.version}
                            component={Link}
                            to={`/studio/flows/${flow.flow}?tab=insights`}
                            size="sm"
                            c="red"
                            data-testid={`alert-${flow.flow}`}
                          >
                            {t(a.step ? 'flows.alertAt' : 'flows.alert', {
                              version: shortId(a.version),
                              points: points(a.difference),
                              step: a.step,
                            })}
                          </Anchor>
                        ))}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{flow.steps}</Table.Td>
                  <Table.Td ff="monospace">{shortId(flow.current_version)}</Table.Td>
                  <Table.Td>
                    {new Date(flow.updated_at).toLocaleString(i18n.language === 'ar' ? 'ar' : 'en-GB')}
                  </Table.Td>
                  <Table.Td>{flow.editing && <Badge color="yellow">{t('flows.editing')}</Badge>}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
