/**
 * Locations (shell spec §2.3 "locations", §6 canViewLocations; docs/locations.md): the merchant's shops and
 * branches — name, store, address with its map link, today's hours — a table on a desktop and cards on a phone, 20 a
 * page; add, edit and remove (confirmed).
 */
import { isForbidden } from '../../../api/client';
import { Anchor, Group, Menu, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ForbiddenPage } from '../../../components/DetailFrame';
import { notify } from '../../../components/notificationStore';
import { PageHeader, type PageAction } from '../../../components/PageHeader';
import { RowMenu, type ListLook } from '../../../components/ResponsiveList';
import { PAGE_SIZE, useLocations, useRemoveLocation, type Location } from '../api';
import { HoursToday } from '../components/HoursToday';
import { LocationDialog } from '../components/LocationDialog';
import { PagedList, pageOf } from '../../../components/PagedList';

function MapLink(props: { location: Location }) {
  const { t } = useTranslation('locations');
  if (!props.location.maps_link) return null;
  const href = /^https?:\/\//.test(props.location.maps_link)
    ? props.location.maps_link
    : `https://${props.location.maps_link}`;
  return (
    <Anchor href={href} target="_blank" rel="noreferrer" size="xs">
      <Group gap={4} wrap="nowrap" component="span">
        <IconMapPin size={14} />
        {t('openMap')}
      </Group>
    </Anchor>
  );
}

function Actions(props: { location: Location; onEdit: () => void; onRemove: () => void }) {
  const { t } = useTranslation('locations');
  return (
    <RowMenu label={`${t('column.actions')}: ${props.location.name}`}>
      <Menu.Item onClick={props.onEdit}>{t('edit')}</Menu.Item>
      <Menu.Item color="red" onClick={props.onRemove}>
        {t('remove')}
      </Menu.Item>
    </RowMenu>
  );
}

export function LocationsList() {
  const { t } = useTranslation('locations');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useLocations(page);
  const [editing, setEditing] = useState<Location | 'new' | null>(null);
  const [removing, setRemoving] = useState<Location | null>(null);
  const removal = useRemoveLocation();

  if (isForbidden(list.error)) return <ForbiddenPage title={t('title')} t={t} />;

  const look: ListLook<Location> = {
    minWidth: 760,
    columns: [
      {
        header: t('column.name'),
        maw: 240,
        cell: (l) => (
          <Text size="sm" fw={600}>
            <bdi>{l.name}</bdi>
          </Text>
        ),
      },
      { header: t('column.store'), maw: 200, cell: (l) => <bdi>{l.store_name}</bdi> },
      {
        header: t('column.address'),
        maw: 320,
        cell: (l) => (
          <Stack gap={2}>
            <Text size="sm" lineClamp={2}>
              <bdi>{l.address}</bdi>
            </Text>
            <MapLink location={l} />
          </Stack>
        ),
      },
      { header: t('column.hours'), cell: (l) => <HoursToday hours={l.hours} /> },
      {
        header: <VisuallyHidden>{t('column.actions')}</VisuallyHidden>,
        w: 48,
        cell: (l) => <Actions location={l} onEdit={() => setEditing(l)} onRemove={() => setRemoving(l)} />,
      },
    ],
    card: (l) => (
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            <bdi>{l.name}</bdi>
          </Text>
          <Text size="xs" c="dimmed">
            <bdi>{l.store_name}</bdi> · <HoursToday hours={l.hours} />
          </Text>
          <Text size="sm" lineClamp={2}>
            <bdi>{l.address}</bdi>
          </Text>
          <MapLink location={l} />
        </Stack>
        <Actions location={l} onEdit={() => setEditing(l)} onRemove={() => setRemoving(l)} />
      </Group>
    ),
    skeleton: { rows: 4, height: 56 },
  };
  const locations = pageOf(list, (answer) => answer.locations, {
    page,
    size: PAGE_SIZE,
    onChange: (next) => setParams(next > 1 ? { page: String(next) } : {}, { replace: true }),
  });

  // The page's first action, and the empty list's.
  const add: PageAction = { label: t('add'), onClick: () => setEditing('new'), opens: 'dialog' };

  const remove = async (location: Location) => {
    try {
      await removal.mutateAsync(location);
      notify({ variant: 'success', title: t('title'), message: t('removed', { name: location.name }) });
      setRemoving(null);
    } catch {
      notify({ variant: 'error', title: t('title'), message: t('removeFailed') });
    }
  };

  return (
    <>
      <PageHeader title={t('title')} primary={add} />
      <PagedList name="locations" of={locations} look={look} words={{ t, action: add }} />
      {editing && (
        <LocationDialog location={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {removing && (
        <ConfirmDialog
          title={t('removeTitle', { name: removing.name })}
          body={t('removeBody')}
          action={t('remove')}
          cancel={t('form.cancel')}
          busy={removal.isPending}
          onConfirm={() => void remove(removing)}
          onClose={() => setRemoving(null)}
        />
      )}
    </>
  );
}
