/**
 * Capital's loans and applications (capital spec §2, §4): the loans list (skeleton cards, best-offer card, active
 * and inactive groups, direct-debit notices), the loan detail (breadcrumb, balances, week bar, legend, progress,
 * rate and minimum, details tooltip, sortable repayments, FAQ, payouts link, offer card, alerts and banners), and
 * the loan-application detail by status with the approved summary.
 */
import { AreaLink } from '../../../components/AreaLink';
import { useEffect, useRef, type ReactNode } from 'react';
import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../../components/ErrorPage';
import { PageHeader } from '../../../components/PageHeader';
import { FlowForm } from '../../../components/FlowForm';
import { notify } from '../../../components/notificationStore';
import { links } from '../../../config/links';
import {
  badgeTone,
  directDebitNotice,
  loanAlert,
  loanBanner,
  loanGroups,
  loanTitle,
  weekSlots,
  type BadgeTone,
  type ListItem,
} from '../../../../domain/capital/loans';
import { bestOffer } from '../../../../domain/capital/offers';
import { exampleSchedule } from '../../../../domain/capital/quote';
import { capitalDate, money, type Lang } from '../../../../domain/capital/format';
import { isDirectDebit } from '../../../../domain/capital/types';
import { isEditable, kybHandOverStep, simpleStage } from '../../../../domain/capital/steps';
import {
  isNotFound,
  useApplicationRecords,
  useCapitalApplication,
  useCapitalBase,
  useLoan,
  useLoans,
  useOffers,
  type CapitalApplication,
  type LoanView,
} from '../api';
import { useCapitalEvents } from '../events';
import { Faq } from '../components/OfferParts';
import { Legend, LoanProgress, Money, RepaymentTable, WeekBar } from '../components/LoanParts';
import { OfferBanner } from './OfferPages';

const TONE_COLOURS: Record<BadgeTone, string> = {
  warning: 'yellow',
  negative: 'red',
  default: 'gray',
  positive: 'teal',
  accent: 'violet',
};

function StatusBadge(props: { status: string }) {
  const { t, i18n } = useTranslation('capital');
  const key = `status.${props.status}`;
  return (
    <Badge
      color={TONE_COLOURS[badgeTone(props.status)]}
      variant="light"
      data-status={props.status}
      style={{ flexShrink: 0, maxWidth: 'none' }}
    >
      {i18n.exists(key, { ns: 'capital' }) ? t(key) : t('status.unknown')}
    </Badge>
  );
}

function LoanCard(props: { loan: LoanView }) {
  const { t, i18n } = useTranslation('capital');
  const base = useCapitalBase();
  const loan = props.loan;
  const title = loanTitle(loan);
  const notice = directDebitNotice(loan);
  return (
    <Card withBorder radius="lg" padding="lg" data-loan={loan.id}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Text fw={700} lineClamp={2} style={{ minWidth: 0 }}>
          {title.kind === 'early_payoff' ? t('crumb.earlyPayoff') : title.name}
        </Text>
        <StatusBadge status={loan.status} />
      </Group>
      <SimpleGrid cols={2} mb="sm">
        <div>
          <Text size="xs" c="dimmed">
            {t('loans.outstanding')}
          </Text>
          <Text fw={600}>
            <Money amount={Math.max(0, loan.amount_vat - loan.paid_amount)} currency={loan.currency} />
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('loans.repaid')}
          </Text>
          <Text fw={600}>
            <Money amount={loan.paid_amount} currency={loan.currency} />
          </Text>
        </div>
      </SimpleGrid>
      <LoanProgress loan={loan} />
      {notice && (
        <Alert mt="sm" variant="light" color="blue" icon={<IconInfoCircle size={18} />} data-notice={notice}>
          {t(`notice.${notice}`)}
        </Alert>
      )}
      <Group justify="space-between" mt="md">
        <Text size="xs" c="dimmed">
          {loan.applied_at
            ? t('loans.appliedOn', { date: capitalDate(loan.applied_at, new Date(), i18n.language as Lang) })
            : ''}
        </Text>
        <Button variant="light" size="xs" component={Link} to={`${base}/loans/${loan.id}`}>
          {t('loans.view')}
        </Button>
      </Group>
    </Card>
  );
}

function ApplicationCard(props: { item: Extract<ListItem, { kind: 'application' }> }) {
  const { t, i18n } = useTranslation('capital');
  const base = useCapitalBase();
  const r = props.item.record;
  return (
    <Card withBorder radius="lg" padding="lg" data-application={r.application.application_id}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Text fw={700} lineClamp={2} style={{ minWidth: 0 }}>
          {r.sign_authority?.legal_name || t('loans.application')}
        </Text>
        <StatusBadge status={r.application.status} />
      </Group>
      <Text fw={600}>
        <Money amount={r.offer.amount_vat} currency={r.offer.currency} />
      </Text>
      <Group justify="space-between" mt="md">
        <Text size="xs" c="dimmed">
          {t('loans.appliedOn', {
            date: capitalDate(r.application.created_at, new Date(), i18n.language as Lang),
          })}
        </Text>
        <Button
          variant="light"
          size="xs"
          component={Link}
          to={`${base}/loan-applications/${r.application.application_id}`}
        >
          {t('loans.view')}
        </Button>
      </Group>
    </Card>
  );
}

function CardsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="loans-skeleton" aria-busy="true">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={180} radius="lg" />
      ))}
    </SimpleGrid>
  );
}

/** {capital_base}/loans (§2 Loans list). */
export function LoansPage() {
  const { t } = useTranslation('capital');
  const base = useCapitalBase();
  const loans = useLoans();
  const applications = useApplicationRecords();
  const offers = useOffers();
  const failed = loans.isError || applications.isError || offers.isError;
  const told = useRef(false);
  useEffect(() => {
    if (failed && !told.current) {
      told.current = true;
      notify({
        variant: 'error',
        title: t('toast.errorTitle'),
        message: t('toast.generic'),
        id: 'capital-loans',
      });
    }
  }, [failed, t]);
  const crumbs = [{ label: t('crumb.capital'), to: base }];
  if (loans.isError && applications.isError && offers.isError) return <ErrorPage status={404} />;
  const pending = loans.isPending || applications.isPending || offers.isPending;
  const best = bestOffer(offers.data ?? []);
  const noLoansOrApplications = (loans.data?.length ?? 0) === 0 && (applications.data?.length ?? 0) === 0;
  // §2: a best offer with no loans or applications goes to that offer's page.
  if (!pending && !failed && best && noLoansOrApplications)
    return <Navigate to={`${base}/offers/${best.id}`} replace />;
  const groups = loanGroups(loans.data ?? [], applications.data ?? []);
  const card = (item: ListItem) =>
    item.kind === 'loan' ? (
      <LoanCard key={item.loan.id} loan={item.loan as LoanView} />
    ) : (
      <ApplicationCard key={item.record.application.application_id} item={item} />
    );
  return (
    <>
      <PageHeader title={t('loans.title')} breadcrumbs={crumbs} />
      {pending ? (
        <Stack gap="lg">
          <Skeleton height={120} radius="lg" />
          <CardsSkeleton />
        </Stack>
      ) : (
        <Stack gap="xl">
          {failed && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
              {t('loans.partial')}
            </Alert>
          )}
          {best && <OfferBanner offer={best} origin="loans_list" />}
          {groups.active.length + groups.inactive.length === 0 && (
            <Card withBorder radius="lg" padding="xl" ta="center">
              <Text fw={600}>{t('loans.empty')}</Text>
              <Text c="dimmed" size="sm">
                {t('loans.emptyBody')}
              </Text>
            </Card>
          )}
          {(['active', 'inactive'] as const).map(
            (group) =>
              groups[group].length > 0 && (
                <section key={group} data-group={group}>
                  <Title order={2} size="h4" mb="sm">
                    {t(`loans.${group}`)}
                  </Title>
                  <SimpleGrid cols={{ base: 1, md: 2 }}>{groups[group].map(card)}</SimpleGrid>
                </section>
              ),
          )}
        </Stack>
      )}
    </>
  );
}

/** The offer card of a loan (§2): the best offer on a closed loan, an early-payoff offer on any other. */
function LoanOfferCard(props: { loan: LoanView }) {
  const { t, i18n } = useTranslation('capital');
  const base = useCapitalBase();
  const offers = useOffers();
  const track = useCapitalEvents();
  const lang = i18n.language as Lang;
  const own = (offers.data ?? []).filter((o) => o.merchant_id === props.loan.merchant_id);
  if (props.loan.status === 'closed') {
    const best = bestOffer(own);
    if (!best) return null;
    return (
      <Card withBorder radius="lg" padding="lg" data-testid="best-offer-card">
        <Title order={2} size="h5">
          {t('loan.bestOfferCard')}
        </Title>
        <Text size="sm" my="xs">
          {t('loan.bestOfferBody', { amount: money(best.amount, best.currency, lang, { whole: true }) })}
        </Text>
        <Group>
          <Button variant="light" component={Link} to={`${base}/offers/${best.id}`}>
            {t('loan.bestOfferAction')}
          </Button>
        </Group>
      </Card>
    );
  }
  const early = own.find((o) => o.tags.includes('early_payoff'));
  if (!early) return null;
  const pay =
    early.metadata?.early_payoff_loan_deduction ??
    Math.max(0, props.loan.amount_vat - props.loan.paid_amount);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="early-payoff-card">
      <Title order={2} size="h5">
        {t('loan.earlyPayoffCard')}
      </Title>
      <Text size="sm" my="xs">
        {t('loan.earlyPayoffBody', { amount: money(pay, props.loan.currency, lang) })}
      </Text>
      <Button
        variant="light"
        component={Link}
        to={`${base}/offers/${early.id}`}
        onClick={() =>
          track('Capital Early Payoff Opened', { merchantId: early.merchant_id, offerId: early.id })
        }
      >
        {t('loan.earlyPayoffAction')}
      </Button>
    </Card>
  );
}

/** {capital_base}/loans/{id} (§2 Loan detail). */
export function LoanPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('capital');
  const base = useCapitalBase();
  const query = useLoan(id);
  const lang = i18n.language as Lang;
  if (query.isPending)
    return (
      <Stack gap="md" aria-busy="true" data-testid="capital-loading">
        <Skeleton height={28} width="40%" />
        <Skeleton height={160} radius="lg" />
        <Skeleton height={260} radius="lg" />
      </Stack>
    );
  if (query.isError)
    return isNotFound(query.error) ? (
      <ErrorPage status={404} />
    ) : (
      <ErrorPage status={500} onRetry={() => void query.refetch()} />
    );
  const loan = query.data;
  const title = loanTitle(loan);
  const slots = weekSlots(loan);
  const alert = loanAlert(loan);
  const banner = loanBanner(loan);
  const dd = isDirectDebit(loan);
  const now = new Date();
  return (
    <>
      <PageHeader
        title={title.kind === 'early_payoff' ? t('crumb.earlyPayoff') : title.name}
        breadcrumbs={[{ label: t('crumb.capital'), to: base }]}
      />
      <Stack gap="lg">
        {banner && (
          <Alert
            color={banner.kind === 'fully_repaid' ? 'teal' : 'blue'}
            icon={<IconCircleCheck size={18} />}
            data-banner={banner.kind}
          >
            {t(
              `banner.${banner.kind}`,
              banner.kind === 'arrives_with_payout' ? { date: capitalDate(banner.date, now, lang) } : {},
            )}
          </Alert>
        )}
        {alert && (
          <Alert
            color={alert.kind === 'paying_warning' ? 'yellow' : 'red'}
            icon={<IconAlertTriangle size={18} />}
            title={t(
              `alert.${alert.kind}`,
              alert.kind === 'overdue_critical' ? { amount: money(alert.amount, loan.currency, lang) } : {},
            )}
            data-alert={alert.kind}
          >
            {t(`alert.${alert.kind}Body`)}
          </Alert>
        )}
        <Card withBorder radius="lg" padding="lg">
          <Group justify="space-between" gap="xs" mb="sm">
            <StatusBadge status={loan.status} />
            <Tooltip
              multiline
              w={240}
              withArrow
              label={
                <Stack gap={2}>
                  <Text size="xs">
                    {t('loan.detailsAmount', { amount: money(loan.amount, loan.currency, lang) })}
                  </Text>
                  <Text size="xs">
                    {t('loan.detailsFee', { amount: money(loan.fee_amount, loan.currency, lang) })}
                  </Text>
                  <Text size="xs">
                    {t('loan.detailsTotal', { amount: money(loan.amount_vat, loan.currency, lang) })}
                  </Text>
                  <Text size="xs">{t('loan.detailsTenor', { count: loan.tenor })}</Text>
                </Stack>
              }
            >
              <Button variant="subtle" size="compact-sm" leftSection={<IconInfoCircle size={16} />}>
                {t('loan.details')}
              </Button>
            </Tooltip>
          </Group>
          {/* One above the other on a phone: two amounts side by side did not fit 375 px and ran into each other. */}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" mb="md">
            <div>
              <Text size="sm" c="dimmed">
                {t('loan.outstanding')}
              </Text>
              <Text size="xl" fw={700} data-testid="outstanding">
                <Money amount={Math.max(0, loan.amount_vat - loan.paid_amount)} currency={loan.currency} />
              </Text>
            </div>
            <div>
              <Text size="sm" c="dimmed">
                {t('loan.repaid')}
              </Text>
              <Text size="xl" fw={700} data-testid="repaid">
                <Money amount={loan.paid_amount} currency={loan.currency} />
              </Text>
            </div>
          </SimpleGrid>
          <Stack gap="sm">
            <WeekBar slots={slots} />
            <Legend slots={slots} />
            <LoanProgress loan={loan} />
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
            {!dd && (
              <div>
                <Text size="sm" c="dimmed">
                  {t('loan.rate')}
                </Text>
                <Text fw={600}>{t('loan.rateValue', { rate: loan.repayment_rate })}</Text>
              </div>
            )}
            <div>
              <Text size="sm" c="dimmed">
                {dd ? t('loan.weekly') : t('loan.minimum')}
              </Text>
              <Text fw={600} data-testid="minimum">
                <Money amount={loan.minimum_repayment_amount} currency={loan.currency} />
              </Text>
            </div>
          </SimpleGrid>
          {!dd && (
            <AreaLink to="/finance/payouts" size="sm" mt="md">
              {t('loan.payouts')}
            </AreaLink>
          )}
        </Card>
        <LoanOfferCard loan={loan} />
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('loan.history')}
          </Title>
          {loan.repayments.length === 0 ? (
            <Text c="dimmed">{t('loan.noRepayments')}</Text>
          ) : (
            <RepaymentTable loan={loan} />
          )}
        </Card>
        <Faq />
      </Stack>
    </>
  );
}

function Row(props: { label: string; value: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w="45%" fw={500} c="dimmed">
        {props.label}
      </Table.Th>
      <Table.Td>{props.value}</Table.Td>
    </Table.Tr>
  );
}

/** IBAN in groups of four (left to right in both languages). */
const groupedIban = (iban: string) => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

/** §2 Approved summary: borrower, loan terms, and the accordion with the 5-week example. */
export function ApprovedSummary(props: { application: CapitalApplication; iban: string | null }) {
  const { t, i18n } = useTranslation('capital');
  const lang = i18n.language as Lang;
  const a = props.application;
  const terms = a.loan_terms;
  const none = t('summary.none');
  const ltr = (text: string | undefined | null) =>
    text ? (
      <span dir="ltr" style={{ unicodeBidi: 'isolate' }}>
        {text}
      </span>
    ) : (
      none
    );
  const now = new Date();
  return (
    <Stack gap="lg" data-testid="approved-summary">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('summary.borrower')}
          </Title>
          <Table>
            <Table.Tbody>
              <Row label={t('summary.name')} value={a.legal_info?.company_name ?? none} />
              <Row label={t('summary.licence')} value={ltr(a.legal_info?.cr_number)} />
              <Row label={t('summary.address')} value={a.legal_info?.company_address ?? none} />
              <Row label={t('summary.phone')} value={ltr(a.authorized_signatory?.phone)} />
              <Row label={t('summary.email')} value={ltr(a.authorized_signatory?.email)} />
              <Row
                label={t('summary.guarantor')}
                value={a.guarantor?.name ?? a.authorized_signatory?.name ?? none}
              />
              <Row label={t('summary.iban')} value={ltr(props.iban ? groupedIban(props.iban) : null)} />
            </Table.Tbody>
          </Table>
        </Card>
        {terms && (
          <Card withBorder radius="lg" padding="lg">
            <Title order={2} size="h4" mb="sm">
              {t('summary.terms')}
            </Title>
            <Table>
              <Table.Tbody>
                <Row
                  label={t('summary.principal')}
                  value={<Money amount={terms.amount} currency={terms.currency} />}
                />
                <Row label={t('summary.currency')} value={terms.currency} />
                <Row label={t('summary.feePercent')} value={ltr(`${terms.fee_percent}%`)} />
                <Row
                  label={t('summary.feeTotal')}
                  value={<Money amount={terms.fee_amount} currency={terms.currency} />}
                />
                <Row
                  label={t('summary.minimum')}
                  value={<Money amount={terms.minimum_repayment_amount} currency={terms.currency} />}
                />
                <Row label={t('summary.period')} value={t('summary.periodValue', { count: terms.tenor })} />
                <Row label={t('summary.start')} value={capitalDate(terms.start_date, now, lang)} />
                <Row label={t('summary.end')} value={capitalDate(terms.end_date, now, lang)} />
              </Table.Tbody>
            </Table>
          </Card>
        )}
      </SimpleGrid>
      <Accordion variant="separated" radius="md">
        <Accordion.Item value="how">
          <Accordion.Control>{t('summary.howRepaid')}</Accordion.Control>
          <Accordion.Panel>{t('summary.howRepaidBody')}</Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="example">
          <Accordion.Control>{t('summary.example')}</Accordion.Control>
          <Accordion.Panel>
            <Text size="sm" mb="xs">
              {t('summary.exampleBody')}
            </Text>
            <Table data-testid="example-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('summary.exWeek')}</Table.Th>
                  <Table.Th>{t('summary.exRepayment')}</Table.Th>
                  <Table.Th>{t('summary.exLeft')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {exampleSchedule().map((row) => (
                  <Table.Tr key={row.week}>
                    <Table.Td>{row.week}</Table.Td>
                    <Table.Td dir="ltr">{money(row.repayment, 'AED', lang, { whole: true })}</Table.Td>
                    <Table.Td dir="ltr">{money(row.left, 'AED', lang, { whole: true })}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="complaints">
          <Accordion.Control>{t('summary.complaints')}</Accordion.Control>
          <Accordion.Panel>
            {t('summary.complaintsBody')}{' '}
            <Anchor href={`mailto:${links.capitalEmail}`} dir="ltr">
              {links.capitalEmail}
            </Anchor>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="warnings">
          <Accordion.Control>{t('summary.warnings')}</Accordion.Control>
          <Accordion.Panel>{t('summary.warningsBody')}</Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}

/** An application's page while its query loads (a skeleton) or after it failed (404, or 500 with a retry). */
function ApplicationWaiting(props: { query: ReturnType<typeof useCapitalApplication> }) {
  const { query } = props;
  if (query.isError)
    return isNotFound(query.error) ? (
      <ErrorPage status={404} />
    ) : (
      <ErrorPage status={500} onRetry={() => void query.refetch()} />
    );
  return (
    <Stack gap="md" aria-busy="true" data-testid="capital-loading">
      <Skeleton height={28} width="40%" />
      <Skeleton height={200} radius="lg" />
    </Stack>
  );
}

/**
 * {capital_base}/loan-applications/{id}/fix (§2 Reset fix screen, §4 reset reasons, §8): the catalogue flow
 * `capital-reset` on the application (schemas/capital-reset: the title, hint and fields follow the reason),
 * then "changes saved" and back to the application. An application not on hold goes to its page.
 */
export function ResetFixPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('capital');
  const base = useCapitalBase();
  const navigate = useNavigate();
  const client = useQueryClient();
  const query = useCapitalApplication(id);
  const page = `${base}/loan-applications/${encodeURIComponent(id)}`;
  if (query.isPending || query.isError) return <ApplicationWaiting query={query} />;
  if (query.data.status !== 'reset') return <Navigate to={page} replace />;
  return (
    <>
      <PageHeader
        title={t('forms.reset.flow')}
        breadcrumbs={[
          { label: t('crumb.capital'), to: base },
          { label: t('crumb.application'), to: page },
        ]}
      />
      <FlowForm
        flowId="capital-reset"
        scope={id}
        basePath={`${page}/fix`}
        onSubmitted={() => {
          notify({
            variant: 'success',
            title: t('forms.reset.saved'),
            message: t('application.submittedTitle'),
          });
          void client.invalidateQueries({ queryKey: ['capital'] });
          void navigate(page, { replace: true });
        }}
      />
    </>
  );
}

/**
 * §2, §4: an application of the simple form (no wizard steps) shows where it stands of its four stages — every
 * stage on a wide screen, the current one's name and n/4 on a phone (as the form's own stages do). Drawn with
 * what the section already loads (not Mantine's Stepper, which would add 2 KiB to capital's budget).
 */
function SimpleStages(props: { status: string }) {
  const { t } = useTranslation(['capital', 'common']);
  const titles = ['apply', 'changes', 'review', 'contract'].map((key) => t(`forms.simple.stage.${key}`));
  const current = simpleStage(props.status);
  return (
    <div data-testid="application-stages">
      <Group component="ol" gap="lg" visibleFrom="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {titles.map((title, i) => (
          <Group
            component="li"
            key={title}
            gap="xs"
            wrap="nowrap"
            aria-current={i === current ? 'step' : undefined}
          >
            <ThemeIcon
              size={28}
              radius="xl"
              variant={i < current ? 'filled' : i === current ? 'outline' : 'light'}
              color={i <= current ? 'teal' : 'gray'}
            >
              {i < current ? (
                <IconCheck size={16} />
              ) : (
                <Text size="xs" fw={700}>
                  {i + 1}
                </Text>
              )}
            </ThemeIcon>
            <Text size="sm" fw={i === current ? 700 : 500} c={i > current ? 'dimmed' : undefined}>
              {title}
            </Text>
          </Group>
        ))}
      </Group>
      <Text hiddenFrom="sm" fw={600} size="sm">
        {t('common:wizard.stageOf', { stage: titles[current], n: current + 1, total: titles.length })}
      </Text>
    </div>
  );
}

/**
 * {capital_base}/loan-applications/{id}, /applications/{id} and /application/{applicationId} (§2 Loan-application
 * detail): by status — submitted, approved (summary with steps, else sign the contract), rejected with its
 * reasons, reset (the fix screen's entry), cancelled; any other status or a missing application is a 404.
 */
export function ApplicationPage() {
  const params = useParams();
  const id = params.id ?? params.applicationId ?? '';
  const { t, i18n } = useTranslation('capital');
  const base = useCapitalBase();
  const query = useCapitalApplication(id);
  if (query.isPending || query.isError) return <ApplicationWaiting query={query} />;
  const a = query.data;
  const crumbs = [{ label: t('crumb.capital'), to: base }];
  const title = a.legal_info?.company_name ?? t('crumb.application');
  const mailbox = (
    <Anchor href={`mailto:${links.capitalEmail}`} dir="ltr">
      {links.capitalEmail}
    </Anchor>
  );
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
    case 'approved':
      content =
        a.steps.length > 0 ? (
          <Stack gap="md">
            {panel(<Text fw={700}>{t('summary.title')}</Text>, 'teal')}
            <ApprovedSummary application={a} iban={a.bank_details?.iban ?? null} />
          </Stack>
        ) : (
          panel(
            <Stack gap={4}>
              <Text fw={700}>{t('application.contractTitle')}</Text>
              <Text size="sm">{t('application.contractBody')}</Text>
            </Stack>,
            'teal',
          )
        );
      break;
    case 'rejected':
      content = panel(
        <Stack gap={4}>
          <Text fw={700}>{t('application.rejectedTitle')}</Text>
          <Text size="sm">{t('application.rejectedBody')}</Text>
          <ul data-testid="reasons">
            {a.reasons.map((reason) => (
              <li key={reason}>
                {i18n.exists(`application.reason.${reason}`, { ns: 'capital' })
                  ? t(`application.reason.${reason}`)
                  : reason}
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

/** After a wizard is sent: says so, forgets capital's cached answers, and opens `page` in the wizard's place. */
function useSent() {
  const { t } = useTranslation('capital');
  const navigate = useNavigate();
  const client = useQueryClient();
  return (page: string) => {
    notify({ variant: 'success', title: t('application.submittedTitle'), message: '' });
    void client.invalidateQueries({ queryKey: ['capital'] });
    void navigate(page, { replace: true });
  };
}

/**
 * §2 KYB wizard (`application-kyb/{applicationId}/{step}`): the capital-kyb flow on the application — breadcrumb
 * Capital > Application, 404 for an application (or offer) not the merchant's; a sent one shows its page; after
 * submit the loan-application page, replacing the wizard in the history.
 */
export function KybApplicationPage() {
  const { applicationId = '' } = useParams();
  const { t } = useTranslation('capital');
  const base = useCapitalBase();
  const sent = useSent();
  const application = useCapitalApplication(applicationId);
  if (application.isPending || application.isError) return <ApplicationWaiting query={application} />;
  const page = `${base}/loan-applications/${application.data.id}`;
  if (!isEditable(application.data.status)) return <Navigate to={page} replace />;
  return (
    <>
      <PageHeader
        title={t('forms.kyb.flow')}
        breadcrumbs={[
          { label: t('crumb.capital'), to: base },
          { label: t('crumb.application'), to: page },
        ]}
      />
      <FlowForm
        flowId="capital-kyb"
        scope={application.data.id}
        basePath={`${base}/application-kyb/${application.data.id}`}
        onSubmitted={() => sent(page)}
      />
    </>
  );
}

/**
 * §2 Full-revenue wizard on an application (`application-frf/{applicationId}/{step}`): the capital-frf flow —
 * bank statements, sales data (with the integration form), social networks and location details (optional),
 * legal info with a review of the answers, then submit. 404 for an application (or offer) not the merchant's;
 * a sent one shows its page. `kyb_legal_info` hands over to the KYB wizard (§2: at the licence when verified,
 * else at its first page). The amount and term are changed on the customisation (§2 customize_your_offer).
 */
export function FrfApplicationPage() {
  const { applicationId = '', stepId } = useParams();
  const { t } = useTranslation('capital');
  const base = useCapitalBase();
  const navigate = useNavigate();
  const sent = useSent();
  const application = useCapitalApplication(applicationId);
  if (application.isPending || application.isError) return <ApplicationWaiting query={application} />;
  const a = application.data;
  const page = `${base}/loan-applications/${a.id}`;
  if (!isEditable(a.status)) return <Navigate to={page} replace />;
  if (stepId === 'kyb_legal_info' || stepId === 'kyb-legal-info')
    return <Navigate to={`${base}/application-kyb/${a.id}/${kybHandOverStep(a.status)}`} replace />;
  // The customisation (the flow's lead step, §2 customize_your_offer) is the offer's page, which creates or
  // updates the application.
  const customise = `${base}/application/${a.offer_id}/${a.merchant_id}?customise`;
  if (stepId === 'customize_your_offer' || stepId === 'customize-your-offer')
    return <Navigate to={customise} replace />;
  return (
    <>
      <PageHeader
        title={t('forms.frf.flow')}
        breadcrumbs={[
          { label: t('crumb.capital'), to: base },
          { label: t('crumb.application'), to: page },
        ]}
        actions={[
          {
            label: t('forms.frf.customise'),
            onClick: () => void navigate(customise),
          },
        ]}
      />
      <FlowForm
        flowId="capital-frf"
        scope={a.id}
        basePath={`${base}/application-frf/${a.id}`}
        onLead={() => void navigate(customise)}
        onSubmitted={() => sent(page)}
      />
    </>
  );
}
