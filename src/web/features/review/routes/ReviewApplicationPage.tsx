/**
 * One application in the onboarding reviewers' console (`/ops/review/:id`; issue 58, docs/review.md): who applied
 * and how long it has waited; the moves open to this reviewer (take it; once theirs: approve, send back, reject,
 * let go); what changed since it was last sent back; every uploaded document, read inline (PDF or image); the
 * answers step by step as the merchant gave them, in the form version they used; and its history. Two reviewers
 * never both act: the second hears who has it, and the page reads the application again.
 */
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  List,
  Modal,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconExternalLink, IconFileText } from '@tabler/icons-react';
import { Suspense, use, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isReviewReason, WAITING_STATUSES } from '../../../../domain/review';
import { getAt } from '../../../../engine/core/pointer';
import { FlowSummary } from '../../../../engine/react/FlowSummary';
import { catalogue } from '../../../../engine/react/browserFlowSource';
import { useAccount } from '../../../api/account';
import { widgetServices } from '../../../api/widgetServices';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Day } from '../../../components/Day';
import { DetailFrame, DetailSkeleton, type Crumbs } from '../../../components/DetailFrame';
import { DetailGrid, DetailSection, LabelValue } from '../../../components/DetailParts';
import { notify } from '../../../components/notificationStore';
import { documentAddress, useReviewApplication, useReviewMove, type ReviewDetail } from '../api';
import { placeText, useAnswerPlaces, type AnswerPlace } from '../components/answerPlaces';
import { RejectDialog, SendBackDialog, useFailure } from '../components/DecisionDialogs';
import { ReviewerFrame, ReviewStatusBadge, Waiting } from '../components/ReviewParts';

const FLOW = 'onboarding';

function Moves(props: { detail: ReviewDetail; place: (pointer: string) => AnswerPlace }) {
  const { t } = useTranslation('review');
  const { application } = props.detail;
  const me = useAccount().data?.id;
  const move = useReviewMove(application.id);
  const [open, setOpen] = useState<'approve' | 'reject' | 'send_back' | null>(null);
  const { failure } = useFailure(open ? null : move.error);
  const run = async (action: 'take' | 'release' | 'approve') => {
    try {
      await move.mutateAsync({ action });
      if (action === 'approve')
        notify({ variant: 'success', title: t('console.approvedTitle'), message: t('console.approvedBody') });
      setOpen(null);
    } catch {
      setOpen(null);
    }
  };
  const waiting = WAITING_STATUSES.includes(application.status);
  const mine = application.status === 'in_review' && application.reviewer_id === me;
  const busy = move.isPending ? move.variables.action : null;
  return (
    <Stack gap="sm" data-testid="review-moves">
      {failure && (
        <Alert color="orange" role="alert">
          {failure}
        </Alert>
      )}
      {waiting && (
        <Group>
          <Button onClick={() => void run('take')} loading={busy === 'take'}>
            {t('console.take')}
          </Button>
        </Group>
      )}
      {application.status === 'in_review' && !mine && (
        <Alert color="blue" variant="light">
          {t('console.heldByOther')}
        </Alert>
      )}
      {mine && (
        <Group gap="sm">
          <Button color="green" onClick={() => setOpen('approve')}>
            {t('console.approve')}
          </Button>
          <Button variant="light" color="yellow.9" onClick={() => setOpen('send_back')}>
            {t('console.sendBack')}
          </Button>
          <Button variant="light" color="red.9" onClick={() => setOpen('reject')}>
            {t('console.reject')}
          </Button>
          <Button variant="subtle" onClick={() => void run('release')} loading={busy === 'release'}>
            {t('console.release')}
          </Button>
        </Group>
      )}
      {open === 'approve' && (
        <ConfirmDialog
          title={t('console.approveTitle', { name: application.business_name ?? '' })}
          body={t('console.approveBody')}
          action={t('console.approve')}
          cancel={t('console.cancel')}
          busy={busy === 'approve'}
          onConfirm={() => void run('approve')}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'send_back' && (
        <SendBackDialog detail={props.detail} place={props.place} onClose={() => setOpen(null)} />
      )}
      {open === 'reject' && <RejectDialog detail={props.detail} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

/** Every uploaded document, each opened inline in a frame of the console. */
function Documents(props: { id: string; documents: AnswerPlace[]; changed: readonly string[] }) {
  const { t } = useTranslation('review');
  const [shown, setShown] = useState<AnswerPlace | null>(null);
  if (props.documents.length === 0) return <Text c="dimmed">{t('console.noDocuments')}</Text>;
  return (
    <>
      <List spacing="xs" listStyleType="none" data-testid="review-documents">
        {props.documents.map((doc) => (
          <List.Item key={doc.pointer} icon={<IconFileText size={18} />}>
            <Anchor component="button" type="button" onClick={() => setShown(doc)} size="sm">
              {placeText(doc)}
            </Anchor>
            {props.changed.includes(doc.pointer) && (
              <Text span size="xs" c="grape" fw={600} ms="xs">
                {t('console.changed')}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
      {shown && (
        <Modal opened onClose={() => setShown(null)} title={placeText(shown)} size="xl">
          <Stack gap="xs">
            <iframe
              src={documentAddress(props.id, shown.pointer)}
              title={placeText(shown)}
              style={{ width: '100%', height: '70vh', border: 0, background: 'var(--mantine-color-gray-1)' }}
              data-testid="review-document-frame"
            />
            <Anchor href={documentAddress(props.id, shown.pointer)} target="_blank" rel="noopener" size="sm">
              <Group gap={4} component="span">
                {t('console.openDocument')} <IconExternalLink size={14} />
              </Group>
            </Anchor>
          </Stack>
        </Modal>
      )}
    </>
  );
}

function History(props: { detail: ReviewDetail }) {
  const { t } = useTranslation(['review', 'reasons']);
  const { history } = props.detail;
  if (history.length === 0) return <Text c="dimmed">{t('console.noHistory')}</Text>;
  return (
    <Timeline bulletSize={14} lineWidth={2} active={history.length - 1} data-testid="review-history">
      {history.map((entry, i) => (
        <Timeline.Item key={i} title={t(`console.action.${entry.action}`, { defaultValue: entry.action })}>
          <Text size="xs" c="dimmed">
            <Day iso={entry.at} withTime />
            {entry.by ? ' · ' : ''}
            {entry.by && <bdi>{entry.by}</bdi>}
          </Text>
          {entry.reasons.length > 0 && (
            <Text size="xs">
              {entry.reasons
                .map((r) => (typeof r === 'string' ? r : (r as { reason?: string }).reason))
                .filter(isReviewReason)
                .map((r) => t(`reasons:${r}.title`))
                .join(' · ')}
            </Text>
          )}
          {entry.note && (
            <Text size="xs" dir="auto" fs="italic">
              {entry.note}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function Application(props: { detail: ReviewDetail; crumbs: Crumbs }) {
  const { t } = useTranslation(['review', 'reasons', 'onboarding']);
  const { application, changed } = props.detail;
  const loader = use(catalogue.find(FLOW, application.flow_version));
  const flow = use(loader.all());
  const { place, steps, documents } = useAnswerPlaces(loader, flow, application.answers);
  // Documents read through the console's own call (the merchant's download call is theirs alone).
  const services = useMemo(() => {
    const pointerOf = (url: string) => documents.find((d) => getAt(application.answers, d.pointer) === url);
    return {
      ...widgetServices,
      download: async (url: string) => {
        const doc = pointerOf(url);
        if (doc) window.open(documentAddress(application.id, doc.pointer), '_blank', 'noopener');
      },
      preview: async (url: string) => {
        const doc = pointerOf(url);
        if (!doc) return null;
        const response = await fetch(documentAddress(application.id, doc.pointer), {
          credentials: 'same-origin',
        });
        if (!response.ok) throw new Error('document not read');
        const blob = await response.blob();
        return blob.type.startsWith('image/') ? URL.createObjectURL(blob) : null;
      },
    };
  }, [application.answers, application.id, documents]);
  return (
    <Stack gap="lg">
      <Breadcrumbs separator="›" fz="sm" mt="md">
        {props.crumbs.map((crumb) => (
          <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm">
            {crumb.label}
          </Anchor>
        ))}
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            {application.business_name ?? application.email ?? application.id}
          </Title>
          <Group gap="xs" mt={4}>
            <ReviewStatusBadge application={application} />
            <Text size="sm" c="dimmed">
              <Waiting since={application.submitted_at} />
            </Text>
          </Group>
        </div>
        <Moves detail={props.detail} place={place} />
      </Group>
      <DetailGrid>
        <DetailSection title={t('console.applicant')}>
          <Stack gap="xs">
            <LabelValue label={t('console.email')}>
              <bdi>{application.email ?? '—'}</bdi>
            </LabelValue>
            <LabelValue label={t('console.column.country')}>
              {application.country ? t(`onboarding:enum.country.${application.country}`) : '—'}
            </LabelValue>
            <LabelValue label={t('console.column.submitted')}>
              {application.submitted_at ? <Day iso={application.submitted_at} withTime /> : '—'}
            </LabelValue>
            <LabelValue label={t('console.round')}>{application.round}</LabelValue>
            {application.decision_reason && isReviewReason(application.decision_reason) && (
              <LabelValue label={t('console.reason')}>
                {t(`reasons:${application.decision_reason}.title`)}
              </LabelValue>
            )}
          </Stack>
        </DetailSection>
        <DetailSection title={t('console.history')}>
          <History detail={props.detail} />
        </DetailSection>
      </DetailGrid>
      {application.sent_back.length > 0 && (
        <DetailSection title={t('console.sentBack')} testId="review-sent-back">
          <List size="sm" spacing={4}>
            {application.sent_back.map((item) => (
              <List.Item key={`${item.reason}${item.pointer}`}>
                <Text span fw={600} size="sm">
                  {t(`reasons:${item.reason}.title`)}
                </Text>
                {' — '}
                {placeText(place(item.pointer))}
                {changed.includes(item.pointer) && (
                  <Text span size="xs" c="grape" fw={600} ms="xs">
                    {t('console.changed')}
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
        </DetailSection>
      )}
      {changed.length > 0 && (
        <DetailSection title={t('console.changedSince')} testId="review-changed">
          <List size="sm" spacing={4}>
            {changed.map((pointer) => (
              <List.Item key={pointer}>{placeText(place(pointer))}</List.Item>
            ))}
          </List>
        </DetailSection>
      )}
      <DetailSection title={t('console.documents')}>
        <Documents id={application.id} documents={documents} changed={changed} />
      </DetailSection>
      <section aria-label={t('console.answers')}>
        <Title order={2} size="h3" mb="sm">
          {t('console.answers')}
        </Title>
        <FlowSummary
          loader={loader}
          flow={flow}
          data={application.answers}
          steps={steps}
          services={services}
          onDownloadFailed={() =>
            notify({ variant: 'error', title: t('console.documents'), message: t('console.documentFailed') })
          }
        />
      </section>
    </Stack>
  );
}

function Page() {
  const { t } = useTranslation('review');
  const { id = '' } = useParams();
  const query = useReviewApplication(id);
  const skeleton = { testId: 'review-skeleton', blocks: [{ h: 36, w: '40%' }, 160, 240, 400] };
  return (
    <DetailFrame
      query={query}
      area={{ title: t('console.heading'), to: '/ops/review' }}
      t={t}
      prefix="console."
      skeleton={skeleton}
    >
      {(detail, crumbs) => (
        <Suspense fallback={<DetailSkeleton {...skeleton} />}>
          <Application detail={detail} crumbs={crumbs} />
        </Suspense>
      )}
    </DetailFrame>
  );
}

export function ReviewApplicationPage() {
  return (
    <ReviewerFrame>
      <Page />
    </ReviewerFrame>
  );
}
