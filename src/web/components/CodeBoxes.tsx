/**
 * A one-time code's boxes, the same wherever a code is asked for (sign-in, step-up, signing a contract, a
 * signatory's new phone): a labelled field whose digits always run left to right (in Arabic too), one box per digit,
 * each named for screen readers ("Digit 2 of 6 of the code"), the phone's keypad and its code autofill; what is
 * missing or wrong under it. `children` sit beside the boxes (a "Resend" button).
 */
import { Group, Input, PinInput, useDirection, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function CodeBoxes(props: {
  id: string;
  label: string;
  length: number;
  value: string;
  onChange: (code: string) => void;
  /** A whole code typed or pasted. */
  onComplete?: (code: string) => void;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  autoFocus?: boolean;
  size?: MantineSize;
  /**
   * Each box's name, `{{n}}` of `{{total}}`, in a namespace the page has loaded already: one it has not would
   * suspend the form around the boxes the moment they appear (and a signature drawn meanwhile would be lost).
   */
  digitKey: string;
  children?: ReactNode;
}) {
  const { digitKey } = props;
  const { t } = useTranslation(digitKey.split(':')[0]);
  const { dir } = useDirection();
  return (
    <Input.Wrapper
      id={props.id}
      label={props.label}
      description={props.description}
      error={props.error}
      required={props.required}
    >
      {/* Digits read left to right in both languages; in Arabic the row sits at the reading start, the right. */}
      <Group dir="ltr" mt={6} gap="sm" wrap="wrap" justify={dir === 'rtl' ? 'flex-end' : 'flex-start'}>
        <PinInput
          id={props.id}
          length={props.length}
          type="number"
          inputMode="numeric"
          oneTimeCode
          autoFocus={props.autoFocus}
          size={props.size}
          value={props.value}
          error={Boolean(props.error)}
          aria-label={props.label}
          getInputProps={(index) => ({
            'aria-label': t(digitKey, { n: index + 1, total: props.length }),
          })}
          onChange={props.onChange}
          onComplete={props.onComplete}
          // The boxes keep their size where there is room and share what there is where not: six large boxes and
          // their gaps need 360 px, wider than a 375 px phone's card (they ran past its edge).
          styles={{
            root: { flexWrap: 'nowrap', maxWidth: '100%', minWidth: 0 },
            pinInput: { width: 'auto', flex: '1 1 0', minWidth: 0, maxWidth: 'var(--pin-input-size)' },
          }}
        />
        {props.children}
      </Group>
    </Input.Wrapper>
  );
}
