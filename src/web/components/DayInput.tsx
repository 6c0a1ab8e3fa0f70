/**
 * The day input of list filters, typed dd/mm/yyyy in both languages. Texts: the `lists` namespace (loaded by the
 * screens that use it, not by every page).
 */
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseDate, showDate } from '../../domain/days';

/** A day typed dd/mm/yyyy (Arabic-Indic digits too), given to the list when it is one and the field is left. */
export function DayInput(props: {
  label: string;
  value: string | null;
  onChange: (day: string | null) => void;
  error?: string;
  /** Its width from the phone breakpoint up (a filter's 140 px unless told; a form's field may want room for its message). */
  width?: number;
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
      w={{ base: '100%', xs: props.width ?? 140 }}
      error={unreadable ? t('day.unreadable') : props.error}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
    />
  );
}
