/**
 * Changing a loan's signatory phone (capital §3 authorized_signatory; docs/capital.md "From approval to money"): the
 * new number, a code sent to it, then the change — a number nobody confirmed never becomes the signatory's.
 */
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { CodeBoxes } from '../../../components/CodeBoxes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldMessages } from '../../../api/client';
import { DialogFooter } from '../../../components/DialogFooter';
import { notify } from '../../../components/notificationStore';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { Loan, LoanCodeSent } from '../../../../contract/capital';
import type { Static } from '../../../../contract/common';
import { capitalKeys } from '../api';

/** A code to a loan's new signatory phone, then the phone changed with it (§3 authorized_signatory). */
function useLoanPhoneChange(loanId: string) {
  const client = useQueryClient();
  const path = `/merchant/api/v1/capital/loans/${encodeURIComponent(loanId)}`;
  return {
    sendCode: useMutation({
      mutationFn: (phone: string) =>
        api<Static<typeof LoanCodeSent>>('POST', `${path}/signatory-code`, { phone }),
    }),
    save: useMutation({
      mutationFn: (body: { phone: string; code: string }) =>
        api<Loan>('PATCH', path, { authorized_signatory: { phone: body.phone }, code: body.code }),
      onSuccess: (loan) => {
        client.setQueryData(capitalKeys.loan(loanId), loan);
        void client.invalidateQueries({ queryKey: capitalKeys.loans });
      },
    }),
  };
}

const PHONE = /^\+\d{8,15}$/;
const CODE_LENGTH = 4;

export function SignatoryPhoneDialog(props: { loanId: string; onClose: () => void }) {
  const { t } = useTranslation(['capital-money', 'capital', 'validation']);
  const change = useLoanPhoneChange(props.loanId);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const refused = fieldMessages(change.save.error ?? change.sendCode.error, (key, params) => t(key, params));
  const phoneError =
    checked && !PHONE.test(phone)
      ? t('money.phoneInvalid')
      : (refused['/phone'] ?? refused['/authorized_signatory/phone']);
  const codeError =
    checked && sentTo && code.length !== CODE_LENGTH ? t('capital:error.codeRequired') : refused['/code'];
  const failed =
    (change.save.isError || change.sendCode.isError) && Object.keys(refused).length === 0
      ? t('capital:toast.generic')
      : null;

  const send = () => {
    setChecked(true);
    if (!PHONE.test(phone)) return;
    change.sendCode.mutate(phone, {
      onSuccess: () => {
        setSentTo(phone);
        setCode('');
        setChecked(false);
      },
    });
  };
  const save = () => {
    setChecked(true);
    if (!sentTo || code.length !== CODE_LENGTH) return;
    change.save.mutate(
      { phone: sentTo, code },
      {
        onSuccess: () => {
          notify({ variant: 'success', title: t('money.saved'), message: sentTo, autoHide: true });
          props.onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={props.onClose} title={t('money.changeTitle')}>
      <Stack>
        <Text size="sm">{t('money.changeBody')}</Text>
        <TextInput
          label={t('money.newPhone')}
          description={t('money.phoneHint')}
          required
          type="tel"
          dir="ltr"
          autoComplete="tel"
          value={phone}
          error={phoneError}
          onChange={(event) => {
            setPhone(event.currentTarget.value.trim());
            setSentTo(null);
          }}
        />
        {sentTo && (
          <CodeBoxes
            id="loan-phone-code"
            label={t('money.code')}
            digitKey="capital-money:money.digit"
            length={CODE_LENGTH}
            value={code}
            onChange={setCode}
            error={codeError}
            required
          />
        )}
        <DialogFooter
          error={failed}
          cancel={{ label: t('money.cancel'), onClick: props.onClose }}
          action={
            sentTo
              ? { label: t('money.save'), loading: change.save.isPending, onClick: save }
              : { label: t('money.sendCode'), loading: change.sendCode.isPending, onClick: send }
          }
        />
      </Stack>
    </Modal>
  );
}
