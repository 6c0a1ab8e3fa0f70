/**
 * A flow's routing as QA reads it: each distinct path through the steps with the answers that lead to it
 * (src/engine/core/matrix.ts, the same table `npm run catalogue -- matrix` prints), then the steps in order
 * with the condition that shows each.
 */
import { Badge, Code, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { summarisePaths } from '../../../../engine/core/matrix';
import type { FlowVersionContent } from '../api';

export function RoutingView(props: { content: FlowVersionContent }) {
  const { t, i18n } = useTranslation('studio');
  const { flow, texts } = props.content;
  const title = (key: string, fallback: string) => texts[i18n.language]?.[key] ?? texts.en?.[key] ?? fallback;
  const paths = summarisePaths(flow);
  return (
    <Stack>
      <Title order={4}>{t('routing.paths', { count: paths.length })}</Title>
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing="xs" data-testid="routing-matrix">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{t('routing.when')}</Table.Th>
              <Table.Th>{t('routing.steps')}</Table.Th>
              <Table.Th>{t('routing.combinations')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {paths.map((path, index) => (
              <Table.Tr key={index}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td>
                  {path.contexts.map((cube, i) => (
                    // Field names and values are the catalogue's own (Latin, left to right) in either language.
                    <Text key={i} size="xs" dir="ltr" ta="start" ff="monospace">
                      {Object.entries(cube)
                        .map(
                          ([field, values]) =>
                            `${field} = ${values.map((v) => (v === null ? '—' : String(v))).join(' | ')}`,
                        )
                        .join(', ') || t('routing.always')}
                    </Text>
                  ))}
                </Table.Td>
                <Table.Td>
                  <Text size="xs" dir="ltr" ta="start" ff="monospace">
                    {path.steps.join(' → ')}
                  </Text>
                </Table.Td>
                <Table.Td>{path.combinations}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Title order={4}>{t('routing.stepList')}</Title>
      <Table verticalSpacing="xs" data-testid="step-list">
        <Table.Tbody>
          {flow.steps.map((step, index) => (
            <Table.Tr key={step.id}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {title(step.title, step.id)}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {step.id}
                </Text>
              </Table.Td>
              <Table.Td>
                {step.when ? (
                  <Code dir="ltr">{JSON.stringify(step.when)}</Code>
                ) : (
                  <Badge variant="light">{t('routing.always')}</Badge>
                )}
              </Table.Td>
              <Table.Td>{step.end && <Badge color="grape">{t(`routing.end.${step.end}`)}</Badge>}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
