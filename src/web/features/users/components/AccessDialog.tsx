/**
 * Inviting a person, or changing one's role and stores (docs/users.md): the same dialog. An invitation takes an
 * e-mail address or a phone number (the person signs in with it), a role — each with what it may do — and at
 * least one store. What was typed stays when sending fails; the server's word on a field shows on that field and
 * the §8 messages ("user can't invite oneself", somebody already in the team) say what to do.
 */
import { Checkbox, Group, Modal, Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { DialogFooter } from '../../../components/DialogFooter';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { PhoneInput } from '../../../../engine/widgets/PhoneInput';
import { isPhone } from '../../../../domain/contact';
import { isEmail } from '../../../../domain/email';
import { ROLES, type Role } from '../../../../domain/permissions';
import { countryLanguage, isLanguage, type Language } from '../../../../domain/language';
import type { Access, TeamUser } from '../api';

type InviteChannel = 'email' | 'phone';

/** What the dialog sends: the access, and for an invitation the address and its language. */
export type AccessInput = Access & { email?: string; phone?: string; lang?: Language };

/** Server messages with a text of their own, by the field they belong to (null: the whole form). */
const KNOWN: Record<string, { field: 'email' | 'phone' | null; key: string }> = {
  "user can't invite oneself": { field: null, key: 'error.self' },
  'account with given email already exists': { field: 'email', key: 'error.emailExists' },
  'account with given phone already exists': { field: 'phone', key: 'error.phoneExists' },
  "can't change own access": { field: null, key: 'error.own' },
};

interface DialogProps {
  opened: boolean;
  /** The person whose access changes; none: an invitation. */
  user?: TeamUser;
  stores: { id: string; name: string; country: string | null }[];
  busy: boolean;
  onClose: () => void;
  onSubmit: (input: AccessInput, failed: (error: unknown) => void) => void;
}

export function AccessDialog(props: DialogProps) {
  const { t } = useTranslation('users');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.user ? t('edit.title') : t('invite.title')}
      size="lg"
    >
      {/* The form mounts at each opening, from the person's access (an invitation: the only store, if one). */}
      {props.opened && <AccessForm {...props} />}
    </Modal>
  );
}

function AccessForm(props: DialogProps) {
  const { t, i18n } = useTranslation('users');
  const { user, stores } = props;
  const inviting = !user;
  const [channel, setChannel] = useState<InviteChannel>('email');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState<string | undefined>(undefined);
  const [role, setRole] = useState<Role | null>(user?.role ?? null);
  const [storeIds, setStoreIds] = useState<string[]>(() =>
    user ? user.stores.map((s) => s.merchant_id) : stores.length === 1 ? [stores[0]!.id] : [],
  );
  // The invitation's language: the first chosen store's country's (§9) until the inviter picks one.
  const [pickedLang, setPickedLang] = useState<Language | null>(null);
  const storeCountry = stores.find((s) => storeIds.includes(s.id))?.country;
  const lang: Language =
    pickedLang ?? countryLanguage(storeCountry) ?? (isLanguage(i18n.language) ? i18n.language : 'en');
  const [tried, setTried] = useState(false);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<string | null>(null);

  const emailText = email.trim();
  const phoneText = phone && phone.replace(/\D/g, '').length > 3 ? phone : '';
  const local: Record<string, string> = {};
  if (inviting && channel === 'email')
    if (emailText === '') local.email = t('error.emailRequired');
    else if (!isEmail(emailText)) local.email = t('error.email');
  if (inviting && channel === 'phone')
    if (phoneText === '') local.phone = t('error.phoneRequired');
    else if (!isPhone(phoneText)) local.phone = t('error.phone');
  if (!role) local.role = t('error.role');
  if (storeIds.length === 0) local.stores = t('error.stores');
  const shown = (field: string) => (tried ? local[field] : undefined) ?? problems[field];

  const submit = () => {
    setTried(true);
    setProblems({});
    setFailed(null);
    if (Object.keys(local).length > 0 || !role) return;
    props.onSubmit(
      {
        role,
        merchant_ids: storeIds,
        ...(inviting ? (channel === 'email' ? { email: emailText } : { phone: phoneText }) : {}),
        ...(inviting ? { lang } : {}),
      },
      (error) => {
        if (!(error instanceof ApiError)) return setFailed(t('error.failed'));
        const known = KNOWN[error.message];
        if (known?.field) return setProblems({ [known.field]: t(known.key) });
        if (known) return setFailed(t(known.key));
        const fields: Record<string, string> = {};
        for (const [pointer, problem] of Object.entries(error.fieldErrors)) {
          const field = pointer === '/merchant_ids' ? 'stores' : pointer.slice(1);
          fields[field] = t(problem.key, problem.params ?? {});
        }
        setProblems(fields);
        if (Object.keys(fields).length === 0)
          setFailed(
            error.status === 403
              ? t('error.forbidden')
              : error.status === 429
                ? t('error.tooMany')
                : t('error.failed'),
          );
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        {inviting ? (
          <>
            <SegmentedControl
              value={channel}
              onChange={(value) => setChannel(value as InviteChannel)}
              data={[
                { value: 'email', label: t('invite.byEmail') },
                { value: 'phone', label: t('invite.byPhone') },
              ]}
              aria-label={t('invite.by')}
            />
            {channel === 'email' ? (
              <TextInput
                label={t('invite.email')}
                description={t('invite.emailHint')}
                type="email"
                dir="ltr"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                error={shown('email')}
                withAsterisk
                maxLength={254}
                data-autofocus
              />
            ) : (
              <PhoneInput
                id="invite-phone"
                label={t('invite.phone')}
                value={phone}
                onChange={(next) => setPhone(next)}
                error={shown('phone')}
                required
              />
            )}
          </>
        ) : (
          <Text size="sm">
            <bdi>{user.email ?? user.phone}</bdi>
          </Text>
        )}
        <Radio.Group
          label={t('form.role')}
          value={role}
          onChange={(value) => setRole(value as Role)}
          error={shown('role')}
          withAsterisk
        >
          <Stack gap="xs" mt={6}>
            {ROLES.map((r) => (
              <Radio key={r} value={r} label={t(`role.${r}`)} description={t(`roleHint.${r}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Checkbox.Group
          label={t('form.stores')}
          description={t('form.storesHint')}
          value={storeIds}
          onChange={setStoreIds}
          error={shown('stores')}
          withAsterisk
        >
          <Stack gap="xs" mt={6}>
            {stores.map((s) => (
              <Checkbox key={s.id} value={s.id} label={<bdi>{s.name}</bdi>} />
            ))}
          </Stack>
        </Checkbox.Group>
        {inviting && <InviteLanguage value={lang} onChange={setPickedLang} />}
        <DialogFooter
          error={failed}
          cancel={{ label: t('form.cancel'), onClick: props.onClose }}
          action={{ label: inviting ? t('invite.send') : t('edit.save'), submit: true, loading: props.busy }}
        />
      </Stack>
    </form>
  );
}

/** The invitation's language: each named in itself. */
function InviteLanguage(props: { value: Language; onChange: (lang: Language) => void }) {
  const { t } = useTranslation('users');
  return (
    <Radio.Group
      label={t('invite.language')}
      description={t('invite.languageHint')}
      value={props.value}
      onChange={(value) => isLanguage(value) && props.onChange(value)}
    >
      <Group gap="lg" mt={6}>
        <Radio value="en" label={t('invite.languageName.en')} lang="en" />
        <Radio value="ar" label={t('invite.languageName.ar')} lang="ar" />
      </Group>
    </Radio.Group>
  );
}
