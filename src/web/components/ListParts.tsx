/**
 * Pieces the lists and detail pages share (disputes, support): amounts and dates as the product shows them
 * (amounts with their currency's decimals, dates "23 Nov" this year or dd/MM/yy — onboarding spec §9), isolated
 * left to right inside Arabic text, and the day input of list filters (typed dd/mm/yyyy in both languages).
 * Texts: the `lists` namespace (loaded by the screens that use these, not by every page).
 */
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { capitalDate, money, type Lang } from '../../domain/capital/format';
import { parseDate, showDate } from '../../domain/days';

export const langOf = (language: string): Lang => (language === 'ar' ? 'ar' : 'en');

/** An instant's day in the browser's time zone, as yyyy-mm-dd. */
export function localDay(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** An instant as its day: "23 Nov" this year, else 23/11/25. */
export const dayText = (iso: string, lang: Lang) => capitalDate(localDay(iso), new Date(), lang);

/** An instant's time of day in the browser's time zone, 24-hour (14:05), Latin digits in both languages. */
export function timeText(iso: string): string {
  const date = new Date(iso);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** A value inside a sentence of the other direction, kept in its own (Unicode first-strong isolate). */
export const isolate = (text: string) => `\u2068${text}\u2069`;

export function Day(props: { iso: string }) {
  const { i18n } = useTranslation();
  return <bdi dir="ltr">{dayText(props.iso, langOf(i18n.language))}</bdi>;
}

export function Money(props: { amount: string | number; currency: string }) {
  const { i18n } = useTranslation();
  return <bdi dir="ltr">{money(Number(props.amount), props.currency, langOf(i18n.language))}</bdi>;
}

/** A day typed dd/mm/yyyy (Arabic-Indic digits too), given to the list when it is one and the field is left. */
export function DayInput(props: {
  label: string;
  value: string | null;
  onChange: (day: string | null) => void;
  error?: string;
}) {
  const { t } = useTranslation('lists');
  const [text, setText] = useState(props.value ? showDate(props.value) : '');
  const [shown, setShown] = useState(props.value);
  // A change from outside (Clear filters, Back) shows the new value.
  if (shown !== props.value) {
    setShown(props.value);
    setText(props.value ? showDate(props.value) : '');
  }
  const unreadable = text.trim() !== '' && parseDate(text) === null;
  const commit = () => {
    if (text.trim() === '') props.onChange(null);
    else if (!unreadable) props.onChange(parseDate(text));
  };
  return (
    <TextInput
      label={props.label}
      placeholder={t('day.placeholder')}
      value={text}
      dir="ltr"
      inputMode="numeric"
      w={{ base: '100%', xs: 140 }}
      error={unreadable ? t('day.unreadable') : props.error}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
    />
  );
}
