/**
 * A legal entity's owners and their roles.
 */
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Owner } from '../api';

function OwnerRoles(props: { roles: Owner['roles'] }) {
  const { t } = useTranslation('legal-entities');
  return (
    <Group gap={4}>
      {(props.roles ?? []).map((r) => (
        <Badge key={r} variant="outline" color="gray" size="sm">
          {t(`roles.${r}`)}
        </Badge>
      ))}
    </Group>
  );
}

export function Owners(props: { owners: Owner[] }) {
  const { t } = useTranslation('legal-entities');
  if (props.owners.length === 0) return <Text size="sm">{t('owners.none')}</Text>;
  return (
    <>
      {/* On a phone: a block an owner (four columns do not fit 375 px). */}
      <Stack gap="sm" hiddenFrom="sm" data-testid="owner-cards">
        {props.owners.map((o) => (
          <Stack key={o.id} gap={4} pb="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600}>
                <bdi>{o.name}</bdi>
              </Text>
              <Text size="sm">
                <bdi dir="ltr">{o.share} %</bdi>
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t(`owners.${o.kind}`)}
              {o.nationality ? ` · ${t(`country.${o.nationality}`, { defaultValue: o.nationality })}` : ''}
            </Text>
            <OwnerRoles roles={o.roles} />
          </Stack>
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={560} visibleFrom="sm">
        <Table verticalSpacing="sm" data-testid="owners">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('owners.name')}</Table.Th>
              <Table.Th>{t('owners.kind')}</Table.Th>
              <Table.Th>{t('owners.share')}</Table.Th>
              <Table.Th>{t('owners.roles')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.owners.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>
                  <bdi>{o.name}</bdi>
                  {o.nationality && (
                    <Text size="xs" c="dimmed">
                      {t(`country.${o.nationality}`, { defaultValue: o.nationality })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{t(`owners.${o.kind}`)}</Table.Td>
                <Table.Td>
                  <bdi dir="ltr">{o.share} %</bdi>
                </Table.Td>
                <Table.Td>
                  <OwnerRoles roles={o.roles} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
