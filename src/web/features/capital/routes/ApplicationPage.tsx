/**
 * A loan application by status (capital spec §2, §4), with the approved summary.
 */
import { type ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isReviewReason } from '../../../../domain/review';
import { ErrorPage } from '../../../components/ErrorPage';
import { PageHeader } from '../../../components/PageHeader';
import { ContactLink } from '../../../components/ContactLink';
import { useLegalEntities } from '../../../api/legalEntities';
import { useCapitalApplication, useCapitalBase } from '../api';
import { StatusBadge } from '../components/StatusBadge';
import { ApprovedSummary } from '../components/ApprovedSummary';
import { ApplicationWaiting } from '../components/ApplicationWaiting';
import { SimpleStages } from '../components/SimpleStages';

/**
 * {capital_base}/loan-applications/{id}, /applications/{id} and /application/{applicationId} (§2 Loan-application
 * detail): by status — submitted, approved (summary with steps, else sign the contract), rejected with its
 * reasons, reset (the fix screen's entry), cancelled; any other status or a missing application is a 404.
 */
export function ApplicationPage() {
  const params = useParams();
  const id = params.id ?? params.applicationId ?? '';
  const { t, i18n } = useTranslation(['capital', 'reasons']);
  const base = useCapitalBase();
  const query = useCapitalApplication(id);
  // §2 Approved summary: the IBAN from the bank details, else the legal entity's (its supporting query).
  const needsEntity = query.data?.status === 'approved' && !query.data.bank_details?.iban;
  const entities = useLegalEntities(needsEntity);
  if (query.isPending || query.isError) return <ApplicationWaiting query={query} />;
  const a = query.data;
  const entityIban =
    entities.data?.items.find((e) => e.merchant_id === a.merchant_id && 'iban' in e && e.iban)?.iban ?? null;
  const iban = a.bank_details?.iban ?? (typeof entityIban === 'string' ? entityIban : null);
  const crumbs = [{ label: t('crumb.capital'), to: base }];
  const title = a.legal_info?.company_name ?? t('crumb.application');
  const mailbox = <ContactLink mailbox="capital_email" />;
  const panel = (body: ReactNode, color = 'blue') => (
    <Alert color={color} radius="lg" data-application-status={a.status}>
      {body}
    </Alert>
  );
  let content: ReactNode;
  switch (a.status) {
    case 'submitted':
      content = panel(
        <Stack gap={4}>
          <Text fw={700}>{t('application.submittedTitle')}</Text>
          <Text size="sm">
            {t('application.submittedBody')} {mailbox}
          </Text>
        </Stack>,
      );
      break;
    case 'approved': {
      // The advance is taken by signing its contract in the product (docs/capital.md "From approval to money").
      const take = a.loan_id ? (
        <Alert color="teal" radius="lg" title={t('take.taken')} data-testid="advance-taken">
          <Stack gap="xs">
            <Text size="sm">{t('take.takenBody')}</Text>
            <Button
              component={Link}
              to={`${base}/loans/${encodeURIComponent(a.loan_id)}`}
              size="sm"
              style={{ alignSelf: 'flex-start' }}
            >
              {t('take.seeLoan')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap={6} align="flex-start">
          <Button
            component={Link}
            to={`${base}/loan-applications/${a.id}/sign`}
            size="md"
            data-testid="accept-and-sign"
          >
            {t('take.accept')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('take.acceptHint')}
          </Text>
        </Stack>
      );
      content =
        a.steps.length > 0 ? (
          <Stack gap="md">
            {panel(<Text fw={700}>{t('summary.title')}</Text>, 'teal')}
            <ApprovedSummary application={a} iban={iban} />
            {take}
          </Stack>
        ) : (
          <Stack gap="md">
            {panel(
              <Stack gap={4}>
                <Text fw={700}>{t('application.contractTitle')}</Text>
                <Text size="sm">{t('application.contractBody')}</Text>
              </Stack>,
              'teal',
            )}
            {take}
          </Stack>
        );
      break;
    }
    case 'rejected':
      content = panel(
        <Stack gap={4}>
          <Text fw={700}>{t('application.rejectedTitle')}</Text>
          <Text size="sm">{t('application.rejectedBody')}</Text>
          <ul data-testid="reasons">
            {a.reasons.map((reason) => (
              <li key={reason}>
                {/* One catalogue words every decision’s reasons (domain/review.ts; the reasons namespace). */}
                {isReviewReason(reason) ? t(`reasons:${reason}.title`) : reason}
              </li>
            ))}
          </ul>
        </Stack>,
        'red',
      );
      break;
    case 'reset': {
      const reason = (a.reasons[0] ?? '').replace(/^reason_/, '');
      content = panel(
        <Stack gap="xs">
          <Text fw={700}>{t('application.resetTitle')}</Text>
          <Text size="sm">
            {i18n.exists(`application.resetReason.${reason}`, { ns: 'capital' })
              ? t(`application.resetReason.${reason}`)
              : t('application.resetBody')}
          </Text>
          <Group>
            <Button component={Link} to={`${base}/loan-applications/${a.id}/fix`} size="sm">
              {t('application.resetAction')}
            </Button>
          </Group>
        </Stack>,
        'yellow',
      );
      break;
    }
    case 'cancelled':
      content = panel(
        <Stack gap={4}>
          <Text fw={700}>{t('application.cancelledTitle')}</Text>
          <Text size="sm">{t('application.cancelledBody')}</Text>
        </Stack>,
        'gray',
      );
      break;
    default:
      return <ErrorPage status={404} />;
  }
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[...crumbs, { label: t('crumb.application'), to: `${base}/loans` }]}
      />
      <Stack gap="lg" maw={1100}>
        <Group>
          <StatusBadge status={a.status} />
        </Group>
        {a.steps.length === 0 && <SimpleStages status={a.status} />}
        {content}
      </Stack>
    </>
  );
}
