/**
 * Signing a contract inside the product (docs/contracts.md; onboarding §1 "embedded contract signing"), for capital's
 * advance and a store's contract: the contract read in the page (the same document its PDF was drawn from, in the
 * page's language, the PDF one tap away), then the typed name, the drawn signature and a code sent to the
 * signatory's phone. Once signed: who signed when, and the signed PDF to download.
 *
 * The contract is read as text in the page rather than in a PDF frame: phones' browsers do not show a PDF inside a
 * page (Android's Chrome downloads it), and text reflows to 375 px and reads right to left in Arabic.
 */
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconDownload, IconFileText } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, fieldMessages } from '../api/client';
import { CodeBoxes } from './CodeBoxes';
import {
  contractPdfUrl,
  useDrawnContract,
  useSignContract,
  useSigningCode,
  type ContractView,
} from '../api/contracts';
import { useCountdown } from '../../engine/widgets/useCountdown';
import { Day } from './Day';
import { ListSkeleton, LoadFailed } from './QueryStates';
import { SignaturePad, type SignaturePadHandle } from './SignaturePad';

const CODE_LENGTH = 4;

export function ContractSigning(props: {
  /** Where the subject's contract is drawn (POST). */
  prepareUrl: string;
  onSigned?: (contract: ContractView) => void;
}) {
  const { t, i18n } = useTranslation('contracts');
  const query = useDrawnContract(props.prepareUrl, i18n.language);
  if (query.isPending) return <ListSkeleton rows={4} height={48} testId="contract-loading" />;
  if (query.isError)
    return (
      <LoadFailed
        title={t('signing.loadFailed')}
        retry={t('signing.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  const contract = query.data;
  return (
    <Stack gap="lg" data-testid="contract-signing">
      <ContractText contract={contract} />
      {contract.signed ? (
        <Signed contract={contract} />
      ) : (
        <SignForm
          key={contract.document_sha256}
          contract={contract}
          prepareUrl={props.prepareUrl}
          onSigned={props.onSigned}
        />
      )}
    </Stack>
  );
}

/** The contract as text, in its own direction, with its PDF and its fingerprint. */
function ContractText({ contract }: { contract: ContractView }) {
  const { t } = useTranslation('contracts');
  const doc = contract.document;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm">
        <Title order={2} size="h4">
          {t('signing.read')}
        </Title>
        <Anchor href={contractPdfUrl(contract.id, 'document', true)} size="sm" data-testid="contract-pdf">
          <Group gap={4} wrap="nowrap">
            <IconFileText size={16} />
            {t('signing.download')}
          </Group>
        </Anchor>
      </Group>
      <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars>
        <Stack gap="sm" dir={doc.direction} data-testid="contract-text">
          <Title order={3} size="h5">
            {doc.title}
          </Title>
          <Stack component="dl" gap={4} m={0}>
            {doc.terms.map((term) => (
              <Group key={term.label} gap="xs" wrap="nowrap" align="baseline">
                <Text component="dt" size="sm" c="dimmed" miw="40%" maw="40%">
                  {term.label}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                  {/* A value in another script (an IBAN in Arabic text) keeps its own order. */}
                  <bdi>{term.value}</bdi>
                </Text>
              </Group>
            ))}
          </Stack>
          {doc.sections.map((section) => (
            <div key={section.heading}>
              <Text fw={600} size="sm" mb={2}>
                {section.heading}
              </Text>
              {section.paragraphs.map((p) => (
                <Text key={p} size="sm" mb={6}>
                  {p}
                </Text>
              ))}
            </div>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Text size="xs" c="dimmed" mt="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('signing.fingerprint')}: <span dir="ltr">{contract.document_sha256}</span>
      </Text>
    </Paper>
  );
}

function Signed({ contract }: { contract: ContractView }) {
  const { t } = useTranslation('contracts');
  return (
    <Alert
      color="teal"
      radius="lg"
      icon={<IconCircleCheck />}
      title={t('signing.signedTitle')}
      data-testid="contract-signed"
    >
      <Stack gap="xs">
        <Text size="sm">
          {t('signing.signedBy', { name: contract.signed!.name })} <Day iso={contract.signed!.at} withTime />
        </Text>
        <Button
          component="a"
          href={contractPdfUrl(contract.id, 'signed', true)}
          variant="light"
          size="sm"
          leftSection={<IconDownload size={16} />}
          style={{ alignSelf: 'flex-start' }}
          data-testid="signed-pdf"
        >
          {t('signing.downloadSigned')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** Name, drawing, code: each says what is missing beside itself; a refusal's words go where they belong. */
function SignForm(props: {
  contract: ContractView;
  prepareUrl: string;
  onSigned?: (contract: ContractView) => void;
}) {
  const { t } = useTranslation(['contracts', 'capital', 'validation']);
  const { contract } = props;
  const [name, setName] = useState('');
  const [drawn, setDrawn] = useState(false);
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(contract.code_sent_at ? contract.phone : null);
  const [left, restart] = useCountdown(0);
  const pad = useRef<SignaturePadHandle>(null);
  const sendCode = useSigningCode(contract.id);
  const sign = useSignContract(contract.id, props.prepareUrl);
  const onDrawn = useCallback((value: boolean) => setDrawn(value), []);

  const refused = fieldMessages(sign.error ?? sendCode.error, (key, params) => t(key, params));
  const key = (error: unknown) =>
    error instanceof ApiError && typeof error.body.key === 'string' ? error.body.key : undefined;
  const formError = [sign.error, sendCode.error].map((e) => key(e)).find(Boolean);
  const generic =
    !formError &&
    Object.keys(refused).length === 0 &&
    (sign.error ?? sendCode.error) &&
    !(sendCode.error instanceof ApiError && sendCode.error.status === 429)
      ? t('capital:toast.generic')
      : undefined;

  const nameError = checked && name.trim().length < 2 ? t('signing.nameRequired') : refused['/name'];
  const drawError = checked && !drawn ? t('signing.drawRequired') : refused['/signature'];
  const codeError =
    checked && sentTo && code.length !== CODE_LENGTH ? t('capital:error.codeRequired') : refused['/code'];

  const requestCode = () =>
    sendCode.mutate(undefined, {
      onSuccess: (sent) => {
        setSentTo(sent.phone);
        restart(sent.resend_after);
      },
      onError: (error) => {
        const wait = error instanceof ApiError ? Number(error.body.retry_after) : NaN;
        if (Number.isFinite(wait) && wait > 0) {
          setSentTo(contract.phone);
          restart(wait);
        }
      },
    });

  const submit = () => {
    setChecked(true);
    const png = pad.current?.png() ?? null;
    if (name.trim().length < 2 || !png || code.length !== CODE_LENGTH) return;
    sign.mutate(
      { name: name.trim(), signature: png, code, document_sha256: contract.document_sha256 },
      { onSuccess: (signed) => props.onSigned?.(signed) },
    );
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        {(formError || generic) && (
          <Alert color="red" title={t('signing.failedTitle')} data-testid="signing-error">
            {formError ? t(formError) : generic}
          </Alert>
        )}
        <TextInput
          label={t('signing.name')}
          description={t('signing.nameHint')}
          required
          autoComplete="name"
          value={name}
          error={nameError}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={120}
        />
        <SignaturePad
          ref={pad}
          label={t('signing.draw')}
          hint={t('signing.drawHint')}
          error={drawError}
          onChange={onDrawn}
        />
        {!sentTo ? (
          <Button
            variant="light"
            onClick={requestCode}
            loading={sendCode.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('signing.sendCode')}
          </Button>
        ) : (
          <CodeBoxes
            id="signing-code"
            label={t('signing.code')}
            digitKey="contracts:signing.digit"
            description={t('signing.codeSent', { phone: sentTo })}
            length={CODE_LENGTH}
            value={code}
            onChange={setCode}
            error={codeError}
            required
          >
            <Button
              variant="subtle"
              size="compact-sm"
              disabled={left > 0}
              loading={sendCode.isPending}
              onClick={requestCode}
            >
              {left > 0 ? t('signing.resendIn', { seconds: left }) : t('signing.resend')}
            </Button>
          </CodeBoxes>
        )}
        <Button
          onClick={submit}
          loading={sign.isPending}
          disabled={!sentTo}
          style={{ alignSelf: 'flex-start' }}
          data-testid="sign-contract"
        >
          {t('signing.sign')}
        </Button>
      </Stack>
    </Paper>
  );
}
