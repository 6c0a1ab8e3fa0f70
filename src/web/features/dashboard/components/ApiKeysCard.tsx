/**
 * The API keys view (onboarding spec §3; docs/dashboard.md), for workspace admins: production and test keys —
 * the public key whole with a copy button, the secret masked until revealed after a fresh code, then shown with
 * a copy button for a minute (kept in this page's memory only, never stored).
 */
import { ActionIcon, Button, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiKeys } from '../api';
import { HomeTile } from './HomeTile';
import { RevealDialog } from './RevealDialog';

/** How long a revealed secret stays on screen. */
const SHOWN_MS = 60_000;

function Copy(props: { value: string; label: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <CopyButton value={props.value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('home.keys.copied') : props.label}>
          <ActionIcon variant="subtle" onClick={copy} aria-label={props.label}>
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

function KeyLine(props: {
  label: string;
  value: string;
  copy?: string;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <Stack gap={2} data-testid={props.testId}>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code dir="ltr" style={{ overflowWrap: 'anywhere' }}>
          {props.value}
        </Code>
        {props.copy && <Copy value={props.copy} label={props.label} />}
        {props.children}
      </Group>
    </Stack>
  );
}

export function ApiKeysCard(props: { merchantId: string }) {
  const { t } = useTranslation('dashboard');
  const keys = useApiKeys(props.merchantId, true);
  const [revealing, setRevealing] = useState<'production' | 'test' | null>(null);
  const [shown, setShown] = useState<{ production?: string; test?: string }>({});
  useEffect(() => {
    if (!shown.production && !shown.test) return;
    const timer = setTimeout(() => setShown({}), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  const k = keys.data;
  // An environment's pair: the public key whole, the secret one masked until revealed.
  const keyLines = (environment: 'production' | 'test', publicKey: string, masked: string) => (
    <>
      <KeyLine
        label={t('home.keys.public')}
        value={publicKey}
        copy={publicKey}
        testId={`key-public-${environment}`}
      />
      {secretLine(environment, masked)}
    </>
  );
  const secretLine = (environment: 'production' | 'test', masked: string) => {
    const whole = shown[environment];
    return (
      <KeyLine
        label={t('home.keys.secret')}
        value={whole ?? masked}
        copy={whole}
        testId={`key-secret-${environment}`}
      >
        {whole ? (
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => setShown((s) => ({ ...s, [environment]: undefined }))}
          >
            {t('home.keys.hide')}
          </Button>
        ) : (
          <Button size="compact-sm" variant="light" onClick={() => setRevealing(environment)}>
            {t('home.keys.reveal')}
          </Button>
        )}
      </KeyLine>
    );
  };
  return (
    <HomeTile title={t('home.keys.title')} testId="tile-api-keys" query={keys}>
      {k && (
        <Stack gap="md">
          <Stack gap="xs">
            <Text fw={600} size="sm">
              {t('home.keys.production')}
            </Text>
            {k.has_production_keys && k.public_key && k.secret_key ? (
              keyLines('production', k.public_key, k.secret_key)
            ) : (
              <Text size="sm" c="dimmed" data-testid="keys-no-production">
                {t('home.keys.noProduction')}
              </Text>
            )}
          </Stack>
          <Stack gap="xs">
            <Text fw={600} size="sm">
              {t('home.keys.test')}
            </Text>
            {keyLines('test', k.test_public_key, k.test_secret_key)}
          </Stack>
          <Text size="xs" c="dimmed">
            {t('home.keys.careful')}
          </Text>
        </Stack>
      )}
      {revealing && (
        <RevealDialog
          merchantId={props.merchantId}
          environment={revealing}
          onClose={() => setRevealing(null)}
          onRevealed={(secret) => {
            setShown((s) => ({ ...s, [revealing]: secret }));
            setRevealing(null);
          }}
        />
      )}
    </HomeTile>
  );
}
