/**
 * Legal entities (onboarding spec §2 "Other areas": list, detail with owners, the expiry modal; shell spec §2.3,
 * §8): the list with its status filter in the address, an entity with its legal info, bank details and owners,
 * and the modal that warns of a licence that expires soon or has expired (once per entity per browser session).
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { DetailFrame, type Crumbs } from '../../../components/DetailFrame';
import { DialogFooter } from '../../../components/DialogFooter';
import { ResponsiveList } from '../../../components/ResponsiveList';
import { PageHeader } from '../../../components/PageHeader';
import { isolate, langOf, localDay } from '../../../components/ListParts';
import { capitalDate } from '../../../../domain/capital/format';
import { groupIban } from '../../../../engine/core/iban';
import {
  isLegalEntityStatus,
  LEGAL_ENTITY_STATUSES,
  licenceState,
  type LegalEntityStatus,
} from '../../../../domain/legalEntities';
import {
  useLegalEntities,
  useLegalEntity,
  useOwners,
  type LegalEntity,
  type LegalEntityDetail as EntityRecord,
  type Owner,
} from '../api';

const STATUS_COLORS: Record<LegalEntityStatus, string> = {
  active: 'teal',
  pending_info: 'yellow',
  suspending: 'orange',
  suspended: 'red',
};

function StatusBadge(props: { status: LegalEntityStatus }) {
  const { t } = useTranslation('legal-entities');
  return (
    <Badge color={STATUS_COLORS[props.status]} variant="light" data-status={props.status}>
      {t(`status.${props.status}`)}
    </Badge>
  );
}

const today = () => localDay(new Date().toISOString());

/** The licence's expiry as a line: "Expires 31/03/28", "Expires in 20 days", "Expired on 15/11/26". */
function Licence(props: { expiry: string | null }) {
  const { t, i18n } = useTranslation('legal-entities');
  const state = licenceState(props.expiry, today());
  if (state.state === 'none') return <Text size="sm">{t('licence.none')}</Text>;
  const date = isolate(capitalDate(props.expiry!, new Date(), langOf(i18n.language)));
  const color = state.state === 'valid' ? undefined : state.state === 'expiring' ? 'orange' : 'red';
  return (
    <Text size="sm" c={color} fw={state.state === 'valid' ? undefined : 600} data-licence={state.state}>
      {state.state === 'expiring'
        ? t('licence.expiring', { count: state.daysLeft!, date })
        : t(`licence.${state.state}`, { date })}
    </Text>
  );
}

const DISMISSED_KEY = 'mbo.legalEntityExpiry.dismissed';

function dismissed(): string[] {
  try {
    return JSON.parse(window.sessionStorage.getItem(DISMISSED_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
}

/** The expiry modal: the first entity (not suspended) whose licence expires soon or has expired. */
function ExpiryModal(props: { entities: LegalEntity[] }) {
  const { t, i18n } = useTranslation('legal-entities');
  const [gone, setGone] = useState(dismissed);
  const lang = langOf(i18n.language);
  const entity = props.entities.find(
    (e) =>
      e.status !== 'suspended' &&
      !gone.includes(e.id) &&
      ['expiring', 'expired'].includes(licenceState(e.license_expiry_date, today()).state),
  );
  if (!entity) return null;
  const state = licenceState(entity.license_expiry_date, today());
  const close = () => {
    const next = [...gone, entity.id];
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    } catch {
      // Storage refused (private mode): the modal stays closed for this page view only.
    }
    setGone(next);
  };
  const name = isolate(entity.legal_company_name ?? entity.id);
  return (
    <Modal opened onClose={close} title={t('expiry.title')} centered>
      <Stack>
        <Text size="sm">
          {state.state === 'expiring'
            ? t('expiry.expiring', { count: state.daysLeft!, name })
            : t('expiry.expired', {
                name,
                date: isolate(capitalDate(entity.license_expiry_date!, new Date(), lang)),
              })}
        </Text>
        <Text size="sm">
          {t('expiry.suspension', { date: isolate(capitalDate(state.suspendOn!, new Date(), lang)) })}
        </Text>
        <DialogFooter
          cancel={{ label: t('expiry.later'), onClick: close }}
          action={{ label: t('expiry.contact'), to: '/support', onClick: close }}
        />
      </Stack>
    </Modal>
  );
}

/** A legal entity in the list: its name, country and licence, and its status. */
function EntityCard(props: { entity: LegalEntity }) {
  const { t } = useTranslation('legal-entities');
  const e = props.entity;
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Text fw={600} c="teal" truncate>
          <bdi>{e.legal_company_name ?? e.id}</bdi>
        </Text>
        <Text size="xs" c="dimmed">
          {t(`country.${e.country}`, { defaultValue: e.country })}
        </Text>
        <Licence expiry={e.license_expiry_date} />
      </Stack>
      <StatusBadge status={e.status} />
    </Group>
  );
}

export function LegalEntitiesList() {
  const { t } = useTranslation('legal-entities');
  const [params, setParams] = useSearchParams();
  const statuses = (params.get('status') ?? '').split(',').filter(isLegalEntityStatus);
  const list = useLegalEntities(statuses);
  const entities = list.data ?? [];
  return (
    <>
      <PageHeader title={t('title')} />
      <MultiSelect
        label={t('filters.status')}
        placeholder={statuses.length === 0 ? t('filters.statusPlaceholder') : undefined}
        data={LEGAL_ENTITY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={statuses}
        onChange={(next) => {
          const search = new URLSearchParams();
          if (next.length > 0) search.set('status', next.join(','));
          setParams(search, { replace: true });
        }}
        clearable
        w={{ base: '100%', sm: 320 }}
        mb="md"
      />
      <ResponsiveList
        query={list}
        rows={entities}
        rowKey={(e) => e.id}
        rowAttribute="entity"
        cards={{
          render: (e) => <EntityCard entity={e} />,
          link: (e) => `/legal-entities/${encodeURIComponent(e.id)}`,
          testId: 'legal-entities',
          columns: 2,
        }}
        loading={{ rows: 3, height: 88, testId: 'legal-entities-loading' }}
        loadFailed={t('loadFailed')}
        empty={{
          testId: 'legal-entities-empty',
          title: statuses.length > 0 ? t('empty.filtered') : t('empty.title'),
        }}
      />
      {list.data && <ExpiryModal entities={list.data} />}
    </>
  );
}

function Field(props: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text size="sm" component="div">
        {props.children}
      </Text>
    </Stack>
  );
}

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

function Owners(props: { owners: Owner[] }) {
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

export function LegalEntityDetail() {
  const { t } = useTranslation('legal-entities');
  const { originalLegalEntityId: id = '' } = useParams();
  const entity = useLegalEntity(id);
  const owners = useOwners(id, entity.isSuccess);
  return (
    <DetailFrame
      query={entity}
      area={{ title: t('title'), to: '/legal-entities' }}
      forbidden={{ title: t('forbidden.title'), body: t('forbidden.body') }}
      skeleton={{ testId: 'legal-entity-loading', blocks: [{ h: 36, w: 280 }, 180, 160] }}
    >
      {(e, crumbs) => <EntityPage entity={e} owners={owners} crumbs={crumbs} />}
    </DetailFrame>
  );
}

function EntityPage(props: { entity: EntityRecord; owners: ReturnType<typeof useOwners>; crumbs: Crumbs }) {
  const { t } = useTranslation('legal-entities');
  const { crumbs, owners } = props;
  const e = props.entity;
  const info = e.legal_info as Record<string, string | undefined>;
  const licenceType = info.business_license_type;
  return (
    <>
      <PageHeader title={e.legal_company_name ?? e.id} breadcrumbs={crumbs} />
      <Stack gap="lg">
        <Group gap="sm">
          <StatusBadge status={e.status} />
          <Text size="sm">{t(`country.${e.country}`, { defaultValue: e.country })}</Text>
        </Group>
        {e.status !== 'active' && (
          <Alert
            color={e.status === 'suspended' ? 'red' : 'yellow'}
            title={t(`statusAlert.${e.status}.title`)}
          >
            <Text size="sm">{t(`statusAlert.${e.status}.body`)}</Text>
            <Button component={Link} to="/support" size="xs" variant="light" mt="sm">
              {t('contactSupport')}
            </Button>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder>
            <Title order={2} size="h5" mb="sm">
              {t('detail.legalInfo')}
            </Title>
            <Stack gap="sm">
              {licenceType && (
                <Field label={t('detail.licenceType')}>
                  {t(`licenceType.${licenceType}`, { defaultValue: licenceType })}
                </Field>
              )}
              {info.commercial_registration_number && (
                <Field label={t('detail.registration')}>
                  <bdi dir="ltr">{info.commercial_registration_number}</bdi>
                </Field>
              )}
              {info.unified_number && (
                <Field label={t('detail.unifiedNumber')}>
                  <bdi dir="ltr">{info.unified_number}</bdi>
                </Field>
              )}
              {info.vat_registration_number && (
                <Field label={t('detail.vat')}>
                  <bdi dir="ltr">{info.vat_registration_number}</bdi>
                </Field>
              )}
              <Field label={t('detail.licenceExpiry')}>
                <Licence expiry={e.license_expiry_date} />
              </Field>
              {e.license_url && (
                <Field label={t('detail.licence')}>
                  <Anchor
                    href={`/merchant/api/v2/download?disposition=attachment&url=${encodeURIComponent(e.license_url)}`}
                  >
                    {t('detail.download')}
                  </Anchor>
                </Field>
              )}
              {e.legal_address && (
                <Field label={t('detail.address')}>
                  <bdi>{e.legal_address}</bdi>
                </Field>
              )}
            </Stack>
          </Card>
          <Card withBorder>
            <Title order={2} size="h5" mb="sm">
              {t('detail.bank')}
            </Title>
            <Stack gap="sm">
              <Field label={t('detail.bankName')}>{e.bank_name ?? '—'}</Field>
              <Field label={t('detail.iban')}>
                {e.iban ? (
                  <bdi dir="ltr" style={{ fontFamily: 'monospace' }}>
                    {groupIban(e.iban)}
                  </bdi>
                ) : (
                  '—'
                )}
              </Field>
            </Stack>
          </Card>
        </SimpleGrid>
        <Card withBorder>
          <Title order={2} size="h5" mb="sm">
            {t('owners.title')}
          </Title>
          {owners.isPending ? (
            <Skeleton h={120} />
          ) : owners.isError ? (
            <Alert color="red" role="alert">
              {t('owners.loadFailed')}
            </Alert>
          ) : (
            <Owners owners={owners.data} />
          )}
        </Card>
        <Group>
          <Button variant="subtle" component={Link} to="/legal-entities">
            {t('detail.back')}
          </Button>
        </Group>
      </Stack>
      <ExpiryModal entities={[e]} />
    </>
  );
}
