/**
 * Adding or editing a location (docs/locations.md): name, address, Google Maps link, store, and opening hours a
 * weekday each. Checked here as the server checks it (src/domain/locations.ts), each message beside its field; what
 * was typed stays when the server refuses it.
 */
import { useFormSubmit } from '../../../components/useFormSubmit';
import { Checkbox, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
// The dates package's styles come with the one page that draws its picker (its chunk), not with every page.
import '@mantine/dates/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../../api/stores';
import { DialogFooter } from '../../../components/DialogFooter';
import { notify } from '../../../components/notificationStore';
import {
  DEFAULT_HOURS,
  locationProblems,
  pastMidnight,
  WEEKDAYS,
  type OpeningHours,
  type Weekday,
} from '../../../../domain/locations';
import { useSaveLocation, type Location, type LocationBody } from '../api';

export function LocationDialog(props: { location: Location | null; onClose: () => void }) {
  const { t } = useTranslation('locations');
  const stores = useStores();
  const storeList = stores.data ?? [];
  const [body, setBody] = useState<LocationBody>(() =>
    props.location
      ? {
          name: props.location.name,
          address: props.location.address,
          maps_link: props.location.maps_link,
          store_id: props.location.store_id,
          hours: props.location.hours,
        }
      : { name: '', address: '', maps_link: '', store_id: storeList[0]?.id ?? '', hours: DEFAULT_HOURS },
  );
  const { errors, failed, submit: send } = useFormSubmit(t);
  const save = useSaveLocation();
  const storeId = body.store_id || storeList[0]?.id || '';

  const set = (patch: Partial<LocationBody>) => setBody((b) => ({ ...b, ...patch }));
  const setDay = (day: Weekday, value: OpeningHours[Weekday]) =>
    setBody((b) => ({ ...b, hours: { ...b.hours, [day]: value } }));

  const submit = async () => {
    const full = { ...body, store_id: storeId };
    const problems = locationProblems(
      full,
      storeList.map((s) => s.id),
    );
    const found = Object.fromEntries(Object.entries(problems).map(([p, e]) => [p, t(e.key, e.params)]));
    return send(found, async () => {
      const saved = await save.mutateAsync({ id: props.location?.id ?? null, body: full });
      notify({
        variant: 'success',
        title: t('title'),
        message: t(props.location ? 'saved' : 'added', { name: saved.name }),
      });
      props.onClose();
    });
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t(props.location ? 'form.editTitle' : 'form.addTitle')}
      size="lg"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('form.name')}
            description={t('form.nameHint')}
            value={body.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={errors['/name']}
            maxLength={80}
            required
            data-autofocus
          />
          <TextInput
            label={t('form.address')}
            description={t('form.addressHint')}
            value={body.address}
            onChange={(e) => set({ address: e.currentTarget.value })}
            error={errors['/address']}
            maxLength={300}
            required
          />
          <TextInput
            label={t('form.mapsLink')}
            description={t('form.mapsLinkHint')}
            value={body.maps_link}
            onChange={(e) => set({ maps_link: e.currentTarget.value })}
            error={errors['/maps_link']}
            maxLength={500}
            dir="ltr"
            inputMode="url"
          />
          {storeList.length > 1 && (
            <Select
              label={t('form.store')}
              data={storeList.map((s) => ({ value: s.id, label: s.name }))}
              value={storeId}
              onChange={(v) => v && set({ store_id: v })}
              error={errors['/store_id']}
              allowDeselect={false}
            />
          )}
          <HoursEditor hours={body.hours} errors={errors} onDay={setDay} />
          <DialogFooter
            error={failed}
            cancel={{ label: t('form.cancel'), onClick: props.onClose }}
            action={{ label: t('form.save'), submit: true, loading: save.isPending }}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** The week's opening hours: a day open or closed, and from when to when (a time past midnight said so). */
function HoursEditor(props: {
  hours: OpeningHours;
  errors: Record<string, string>;
  onDay: (day: Weekday, value: OpeningHours[Weekday]) => void;
}) {
  const { t } = useTranslation('locations');
  return (
    <Stack gap={6}>
      <Text fw={500} size="sm">
        {t('form.hours')}
      </Text>
      {WEEKDAYS.map((day) => {
        const hours = props.hours[day];
        return (
          <Stack key={day} gap={2} data-weekday={day}>
            <Group gap="xs" wrap="wrap" align="center">
              <Checkbox
                w={{ base: 100, sm: 130 }}
                label={t(`weekday.${day}`)}
                checked={hours !== null}
                onChange={(e) => props.onDay(day, e.currentTarget.checked ? DEFAULT_HOURS[day] : null)}
                aria-label={`${t(`weekday.${day}`)}: ${t('form.openDay')}`}
              />
              {hours ? (
                // From, then to, in the page's direction: in Arabic the opening time on the right (issue 56).
                <Group gap={6} wrap="nowrap">
                  <HourField
                    field={`${t(`weekday.${day}`)}: ${t('form.from')}`}
                    value={hours.from}
                    onChange={(from) => props.onDay(day, { ...hours, from })}
                  />
                  <Text size="sm">–</Text>
                  <HourField
                    field={`${t(`weekday.${day}`)}: ${t('form.to')}`}
                    value={hours.to}
                    onChange={(to) => props.onDay(day, { ...hours, to })}
                  />
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('closed')}
                </Text>
              )}
            </Group>
            {hours && pastMidnight(hours) && !props.errors[`/hours/${day}`] && (
              <Text size="xs" c="dimmed" ps={{ base: 0, sm: 138 }}>
                {t('form.pastMidnight')}
              </Text>
            )}
            {props.errors[`/hours/${day}`] && (
              <Text size="xs" c="red" role="alert">
                {props.errors[`/hours/${day}`]}
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

/**
 * One opening or closing time, always on the 24-hour clock the list writes ("09:00–22:00"): the browser's own time
 * input followed its locale and showed AM/PM in English (issue 56). Its hours and minutes are two named fields. The
 * picker keeps what is typed itself (uncontrolled: handing it back an unfinished time would clear both fields); an
 * unfinished time reaches the form as "" and the form's check says "enter a time" beside the day.
 */
function HourField(props: { field: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('locations');
  return (
    <TimePicker
      format="24h"
      defaultValue={props.value}
      onChange={props.onChange}
      // The two fields are one time: a named group, so a screen reader says "Thursday: To" before "hour".
      role="group"
      aria-label={props.field}
      hoursInputLabel={t('form.hourPart', { field: props.field })}
      minutesInputLabel={t('form.minutePart', { field: props.field })}
      w={96}
      size="xs"
      dir="ltr"
    />
  );
}
