/**
 * Review and publish (or roll back): the change's classification and each change in words; for a breaking
 * change the drafts in flight it breaks, the fields concerned and QA's examples that would fail — and a
 * confirmation that names that count before the button works.
 */
import { useState } from 'react';
import {
  Alert,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Radio,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { MAX_SHARE, shareProblem } from '../../../../domain/rollout';
import { DialogFooter } from '../../../components/DialogFooter';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import type { Change, Classification, Impact } from '../api';
import { ChangeList, KindBadge } from './ChangeList';

export function ImpactView(props: { impact: Impact }) {
  const { t } = useTranslation('studio');
  const { impact } = props;
  return (
    <Stack gap="xs" data-testid="impact">
      <Alert color="red" title={t('impact.title', { count: impact.affected_drafts })}>
        {t('impact.body', { affected: impact.affected_drafts, total: impact.drafts_in_flight })}
      </Alert>
      {impact.fields.length > 0 && (
        <Table withTableBorder verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('impact.field')}</Table.Th>
              <Table.Th>{t('impact.drafts')}</Table.Th>
              <Table.Th>{t('impact.why')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {impact.fields.map((f) => (
              <Table.Tr key={f.pointer}>
                <Table.Td ff="monospace">{f.pointer}</Table.Td>
                <Table.Td>{f.drafts}</Table.Td>
                <Table.Td>{t(`reason.${f.key.split('.').pop()}`, { defaultValue: f.key })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {impact.failing_examples.length > 0 && (
        <Text size="sm">
          {t('impact.examples', { count: impact.failing_examples.length })}{' '}
          {impact.failing_examples
            .slice(0, 5)
            .map((e) => `${e.step}${e.pointer}`)
            .join(', ')}
        </Text>
      )}
    </Stack>
  );
}

export function PublishDialog(props: {
  opened: boolean;
  onClose: () => void;
  title: string;
  action: string;
  classification: Classification;
  changes: Change[];
  impact: Impact | null;
  /** A warning shown above the changes (the flow moved since the edits began). */
  warning?: string;
  /** Offer a staged rollout: publish to a share of new drafts first (a publish; not a rollback). */
  staged?: boolean;
  onConfirm: (input: { note?: string; confirm_affected_drafts?: number; share?: number }) => Promise<void>;
}) {
  const { t } = useTranslation('studio');
  const [note, setNote] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [audience, setAudience] = useState<'all' | 'share'>('all');
  const [share, setShare] = useState<number | string>(10);
  // A share under 100: all of them is a publish to everyone.
  const shareValid = shareProblem(share) === null && share !== MAX_SHARE;
  const breaking = props.classification === 'breaking';
  const affected = props.impact?.affected_drafts ?? 0;

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await props.onConfirm({
        note: note.trim() || undefined,
        ...(breaking ? { confirm_affected_drafts: affected } : {}),
        ...(props.staged && audience === 'share' ? { share: share as number } : {}),
      });
      setNote('');
      setConfirmed(false);
    } catch (e) {
      setError(
        e instanceof ApiError ? t('publish.failed', { message: e.message }) : t('publish.failedUnknown'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} size="xl">
      <Stack>
        {props.warning && <Alert color="yellow">{props.warning}</Alert>}
        <Group>
          <Title order={5}>{t('publish.classification')}</Title>
          <KindBadge kind={props.classification} />
        </Group>
        <Text size="sm" c="dimmed">
          {t(`kindHelp.${props.classification}`)}
        </Text>
        <ChangeList changes={props.changes} />
        {props.impact && <ImpactView impact={props.impact} />}
        <Textarea
          label={t('publish.note')}
          description={t('publish.noteHelp')}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {props.staged && (
          <Stack gap="xs">
            <Radio.Group
              label={t('publish.audience')}
              value={audience}
              onChange={(value) => setAudience(value as 'all' | 'share')}
            >
              <Group mt={4}>
                <Radio value="all" label={t('publish.toAll')} />
                <Radio value="share" label={t('publish.toShare')} data-testid="publish-to-share" />
              </Group>
            </Radio.Group>
            {audience === 'share' && (
              <NumberInput
                data-testid="publish-share"
                label={t('publish.share')}
                description={t('publish.shareHelp')}
                min={1}
                max={MAX_SHARE - 1}
                allowDecimal={false}
                suffix=" %"
                value={share}
                onChange={setShare}
                error={shareValid ? undefined : t('publish.shareInvalid')}
                w={220}
              />
            )}
          </Stack>
        )}
        {breaking && (
          <Checkbox
            data-testid="confirm-breaking"
            label={t('publish.confirm', { count: affected })}
            checked={confirmed}
            onChange={(e) => setConfirmed(e.currentTarget.checked)}
          />
        )}
        <DialogFooter
          error={error}
          cancel={{ label: t('publish.cancel'), onClick: props.onClose }}
          action={{
            label: props.action,
            color: breaking ? 'red' : undefined,
            disabled:
              props.classification === 'none' ||
              (breaking && !confirmed) ||
              (props.staged === true && audience === 'share' && !shareValid),
            loading: busy,
            onClick: () => void submit(),
          }}
        />
      </Stack>
    </Modal>
  );
}
