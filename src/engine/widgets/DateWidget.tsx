/**
 * Date: typed as dd/mm/yyyy in both languages (spec: dates read day first; the browser's own date input shows
 * the browser's locale, mm/dd/yyyy in most), or picked from a calendar (Mantine's DatePicker, month names in the
 * page's language, in its own chunk loaded on first use). Stored as yyyy-mm-dd. A typed yyyy-mm-dd and Arabic-Indic digits are understood too.
 *
 * The earliest and latest day come from the field's format (not in the past, not in the future, two weeks
 * ahead — src/engine/core/formats.ts, the same rule and clock as the validator) or from `ui:options` `min` /
 * `max`; the calendar greys out the days beyond them. They only guide: a typed date out of range is kept and
 * gets the format's message. What cannot be a date is kept as typed (and in the draft, which it keeps
 * incomplete) and says how to write one. Dates stay left to right in Arabic.
 */
import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Loader, Popover, TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { dateLimits, parseDate, showDate } from '../core/formats';
import { useDeferredChange } from './useDeferredChange';

const DateCalendar = lazy(() => import('./DateCalendar'));

/** What a typed text stores: the date as yyyy-mm-dd when it is one, else the text as typed (empty: nothing). */
const storedOf = (text: string) => (text.trim() === '' ? undefined : (parseDate(text) ?? text.trim()));

export function DateWidget(props: WidgetProps) {
  const { t, i18n } = useTranslation('widgets');
  const limits = dateLimits(typeof props.schema.format === 'string' ? props.schema.format : undefined);
  const min = typeof props.options.min === 'string' ? props.options.min : limits.min;
  const max = typeof props.options.max === 'string' ? props.options.max : limits.max;
  const stored = typeof props.value === 'string' ? props.value : '';
  // The text on screen; it reaches the form (as storedOf) when the typing pauses or on blur, like every text field.
  const { value, change, flush } = useDeferredChange<string>(showDate(stored), (text) =>
    props.onChange(storedOf(text)),
  );
  const text = typeof value === 'string' ? value : '';
  const [opened, setOpened] = useState(false);
  const unreadable = text.trim() !== '' && parseDate(text) === null;
  const error = unreadable
    ? t('date.unreadable')
    : props.rawErrors?.length
      ? props.rawErrors.join('\n')
      : undefined;
  const picked = parseDate(stored) ?? undefined;
  const disabled = props.disabled || props.readonly;
  const leave = (day: string | undefined) => {
    flush();
    props.onBlur(props.id, day);
  };

  return (
    <TextInput
      id={props.id}
      name={props.htmlName || props.id}
      dir="ltr"
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('date.placeholder')}
      label={props.hideLabel ? undefined : props.label}
      description={props.hideLabel ? undefined : (props.options.description as string | undefined)}
      required={props.required}
      disabled={disabled}
      autoFocus={props.autofocus}
      error={error}
      value={text}
      onChange={(event) => change(event.target.value)}
      onBlur={() => {
        // A readable date reads day first once the merchant moves on (2030-06-30 becomes 30/06/2030).
        const parsed = parseDate(text);
        if (parsed && showDate(parsed) !== text) change(showDate(parsed));
        leave(storedOf(text));
      }}
      onFocus={() => props.onFocus(props.id, props.value)}
      styles={{ input: { textAlign: 'start' } }}
      rightSectionPointerEvents="all"
      rightSection={
        <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" trapFocus>
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              disabled={disabled}
              aria-label={t('date.openCalendar')}
              aria-expanded={opened}
              onClick={() => setOpened((o) => !o)}
            >
              <IconCalendar size={18} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown dir={i18n.dir()}>
            <Suspense fallback={<Loader size="sm" m="md" role="status" aria-label={t('common:loading')} />}>
              <DateCalendar
                value={picked}
                min={min}
                max={max}
                locale={i18n.language}
                onPick={(day) => {
                  change(showDate(day));
                  setOpened(false);
                  leave(day);
                }}
              />
            </Suspense>
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}
