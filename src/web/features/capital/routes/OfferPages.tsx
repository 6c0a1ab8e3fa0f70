/**
 * Capital's entry, offers and waitlist screens (capital spec §2): the entry redirect, the offers list, the offer
 * page (store switcher, selector, sections, call back, feedback), the offer entry page with the customisation,
 * the waitlist (a catalogue flow) and the error page.
 *
 * The feedback modal (§2: once per session, after more than 10 seconds on the offer page, when the merchant then
 * navigates away, if the `capital_feedback_form` flag is on) works with the declarative router this app uses,
 * which cannot block a navigation: a click on a link out of the offer page is held, the modal opens (the URL hash
 * gets the `#feedback` marker, which also opens it directly), and the held navigation goes on when the modal
 * closes. The browser's own back button is not held. After a success or a close a marker in local storage hides
 * the modal for good.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconPhoneCall, IconSparkles } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../../components/ErrorPage';
import { isPlannedPath } from '../../../config/plannedAreas';
import { PageHeader } from '../../../components/PageHeader';
import { FlowForm } from '../../../components/FlowForm';
import { notify } from '../../../components/notificationStore';
import { useAccount } from '../../../api/account';
import { useExperiments } from '../../../api/experiments';
import { useStores } from '../../../api/stores';
import { entryTarget, sendsPageOpened, type Loaded } from '../../../../domain/capital/entry';
import { bestOffer, headlineAmount, maxAmountFor, selectorOptions } from '../../../../domain/capital/offers';
import { firstIncompleteStep, frfStepId, isEditable, isSimpleOffer } from '../../../../domain/capital/steps';
import { money, type Lang } from '../../../../domain/capital/format';
import type { Offer } from '../../../../domain/capital/types';
import {
  capitalKeys,
  createApplication,
  fetchApplicationOfOffer,
  updateApplication,
  useApplicationOfOffer,
  useApplicationRecords,
  useCapitalBase,
  useLoans,
  useOffers,
  useWaitlist,
} from '../api';
import { useCapitalEvents } from '../events';
import { Customisation, OfferSections } from '../components/OfferParts';
import { CallBackDialog, FeedbackModal } from '../components/Dialogs';

export const FEEDBACK_HASH = '#feedback';
export const FEEDBACK_HIDDEN_KEY = 'tby:md:capital-feedback-hidden';
const FEEDBACK_SESSION_KEY = 'tby:md:capital-feedback-shown';
/** §9: the feedback modal's delay. */
export const FEEDBACK_DELAY_MS = 10_000;

const loaded = <T,>(q: { isPending: boolean; isError: boolean; data?: T[] }): Loaded<T> =>
  q.isPending
    ? { state: 'loading' }
    : q.isError
      ? { state: 'failed' }
      : { state: 'done', items: q.data ?? [] };

function PageLoading() {
  return (
    <Stack gap="md" aria-busy="true" data-testid="capital-loading">
      <Skeleton height={28} width="40%" />
      <Skeleton height={140} radius="lg" />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Skeleton height={120} radius="lg" />
        <Skeleton height={120} radius="lg" />
      </SimpleGrid>
    </Stack>
  );
}

/** A store's name for an offer's store id (the merchant's name while the stores load or for an unknown one). */
function useStoreName(offers: readonly Offer[] | undefined) {
  const stores = useStores();
  return (storeId: string | null) =>
    stores.data?.find((s) => s.id === storeId)?.name ??
    offers?.find((o) => o.store_id === storeId)?.merchant_name;
}

/** {capital_base}: where the merchant belongs (§2 entry redirect rules). */
export function CapitalEntry() {
  const base = useCapitalBase();
  const experiments = useExperiments();
  const loans = useLoans();
  const offers = useOffers();
  const applications = useApplicationRecords();
  const track = useCapitalEvents();
  const requests = [loaded(loans), loaded(offers), loaded(applications)] as const;
  const opened = useRef(false);
  const allDone = sendsPageOpened(requests);
  useEffect(() => {
    if (allDone && !opened.current) {
      opened.current = true;
      track('Capital Page Opened', { page: 'entry' });
    }
  }, [allDone, track]);
  if (experiments.isPending) return null;
  const target = entryTarget({
    fakeDoor: (experiments.data ?? []).includes('capital_fake_door'),
    loans: requests[0],
    offers: requests[1],
    applications:
      requests[2].state === 'done'
        ? { state: 'done', items: requests[2].items.map((r) => ({ id: r.application.application_id })) }
        : requests[2],
  });
  switch (target.to) {
    case 'blank':
      return <div aria-busy="true" data-testid="capital-entry-blank" />;
    case 'not_found':
      return <ErrorPage status={404} />;
    case 'waitlist':
      return <Navigate to={`${base}/waitlist`} replace />;
    case 'payouts':
      // Spec §2: all empty goes to the completed payouts page. Until payouts exists, a page that says there is no
      // capital yet, in the Capital section (issue 32: "not available yet" with Payouts highlighted read as broken).
      return isPlannedPath('/finance/payouts/completed') ? (
        <NothingYet />
      ) : (
        <Navigate to="/finance/payouts/completed" replace />
      );
    case 'application':
      return <Navigate to={`${base}/applications/${target.id}`} replace />;
    case 'loan':
      return <Navigate to={`${base}/loans/${target.id}`} replace />;
    case 'offer':
      return <Navigate to={`${base}/offers/${target.id}`} replace />;
    case 'loans':
      return <Navigate to={`${base}/loans`} replace />;
  }
}

/** The new-offer banner (§2 Capital home pieces): the headline amount and a get-started link to the offer page. */
export function OfferBanner(props: { offer: Offer; origin: string; action?: boolean }) {
  const { t, i18n } = useTranslation('capital');
  const base = useCapitalBase();
  const track = useCapitalEvents();
  return (
    <Card radius="lg" padding="lg" bg="navy.9" c="white" data-testid="offer-banner">
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Group gap="xs">
            <ThemeIcon color="mint" variant="light" radius="xl" size="sm">
              <IconSparkles size={14} />
            </ThemeIcon>
            <Text size="sm" fw={600} c="mint.3">
              {t('offer.new')}
            </Text>
          </Group>
          <Title order={2} size="h3" c="white">
            {t('offer.upTo', {
              amount: money(headlineAmount(props.offer), props.offer.currency, i18n.language as Lang, {
                whole: true,
              }),
            })}
          </Title>
          <Text size="sm" c="gray.3">
            {t('offer.headlineBody')}
          </Text>
        </Stack>
        {props.action !== false && (
          <Button
            component={Link}
            to={`${base}/offers/${props.offer.id}`}
            color="mint"
            c="navy.9"
            onClick={() =>
              track('Capital Offers Clicks', {
                merchantId: props.offer.merchant_id,
                offerId: props.offer.id,
                eventOrigin: props.origin,
              })
            }
          >
            {t('offer.getStarted')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** {capital_base}/offers: every offer, best first, each opening its page. */
export function OffersPage() {
  const { t, i18n } = useTranslation('capital');
  const base = useCapitalBase();
  const offers = useOffers();
  const storeName = useStoreName(offers.data);
  const track = useCapitalEvents();
  useEffect(() => {
    if (offers.data) track('Capital Offers Loaded', { count: offers.data.length });
  }, [offers.data, track]);
  const crumbs = [{ label: t('crumb.capital'), to: base }];
  if (offers.isPending) return <PageLoading />;
  if (offers.isError) return <ErrorPage status={500} onRetry={() => void offers.refetch()} />;
  const best = bestOffer(offers.data);
  const lang = i18n.language as Lang;
  return (
    <>
      <PageHeader title={t('offer.choose')} breadcrumbs={crumbs} />
      <Stack gap="lg">
        {best && <OfferBanner offer={best} origin="offers_list" />}
        {offers.data.length === 0 && <Text c="dimmed">{t('loans.empty')}</Text>}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {selectorOptions(offers.data).map(({ offer }) => (
            <Card key={offer.id} withBorder radius="lg" padding="lg" data-offer={offer.id}>
              <Group justify="space-between" mb="xs">
                <Text fw={700} size="lg" dir="ltr">
                  {money(offer.amount, offer.currency, lang, { whole: true })}
                </Text>
                {offer.id === best?.id && <Badge color="teal">{t('offer.best')}</Badge>}
              </Group>
              <Text size="sm">{storeName(offer.store_id)}</Text>
              <Text size="sm" c="dimmed">
                {t('offer.weeks', { count: offer.tenor })} ·{' '}
                {t('offer.repaymentRate', { rate: offer.repayment_rate })}
              </Text>
              <Group mt="md">
                <Button
                  variant="light"
                  component={Link}
                  to={`${base}/offers/${offer.id}`}
                  onClick={() =>
                    track('Capital Offers Clicks', {
                      merchantId: offer.merchant_id,
                      offerId: offer.id,
                      eventOrigin: 'offers_list',
                    })
                  }
                >
                  {t('loans.view')}
                </Button>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </>
  );
}

function readStored(storage: 'local' | 'session', key: string): string | null {
  try {
    return (storage === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}
function writeStored(storage: 'local' | 'session', key: string) {
  try {
    (storage === 'local' ? window.localStorage : window.sessionStorage).setItem(key, '1');
  } catch {
    // Storage blocked: the modal may show again, nothing else.
  }
}

/** The feedback modal's timing (see the module's comment): returns whether it is open, and its close. */
function useFeedbackOnLeave(enabled: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const [held, setHeld] = useState<string | null>(null);
  const openedByHash = location.hash === FEEDBACK_HASH;
  const since = useRef(0);
  useEffect(() => {
    since.current = Date.now();
  }, []);
  useEffect(() => {
    if (!enabled) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!anchor || anchor.getAttribute('target') === '_blank') return;
      const url = new URL((anchor as HTMLAnchorElement).href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      if (Date.now() - since.current <= FEEDBACK_DELAY_MS) return;
      if (readStored('local', FEEDBACK_HIDDEN_KEY) || readStored('session', FEEDBACK_SESSION_KEY)) return;
      event.preventDefault();
      writeStored('session', FEEDBACK_SESSION_KEY);
      setHeld(`${url.pathname}${url.search}${url.hash}`);
      window.history.replaceState(
        window.history.state,
        '',
        `${window.location.pathname}${window.location.search}${FEEDBACK_HASH}`,
      );
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [enabled]);
  const open = enabled && (held !== null || (openedByHash && !readStored('local', FEEDBACK_HIDDEN_KEY)));
  const done = useCallback(() => {
    writeStored('local', FEEDBACK_HIDDEN_KEY);
    const next = held;
    setHeld(null);
    if (next) void navigate(next);
    else void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [held, navigate, location.pathname, location.search]);
  return { open, done };
}

/** {capital_base}/offers/{id} (§2 Offer page). */
export function OfferPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('capital');
  const base = useCapitalBase();
  const navigate = useNavigate();
  const offers = useOffers();
  const account = useAccount();
  const experiments = useExperiments();
  const storeName = useStoreName(offers.data);
  const track = useCapitalEvents();
  const [callBack, setCallBack] = useState(false);
  const feedback = useFeedbackOnLeave((experiments.data ?? []).includes('capital_feedback_form'));
  const lang = i18n.language as Lang;

  if (offers.isPending) return <PageLoading />;
  if (offers.isError) return <ErrorPage status={500} onRetry={() => void offers.refetch()} />;
  const offer = offers.data.find((o) => o.id === id);
  // §2: an unknown offer goes to the loans list.
  if (!offer) return <Navigate to={`${base}/loans`} replace />;
  const sameStore = offers.data.filter(
    (o) => o.store_id === offer.store_id && o.merchant_id === offer.merchant_id,
  );
  const storeIds = [...new Set(offers.data.map((o) => o.store_id ?? ''))];

  return (
    <>
      <PageHeader
        title={offer.merchant_name}
        breadcrumbs={[{ label: t('crumb.capital'), to: base }]}
        actions={[
          { label: t('callback.open'), onClick: () => setCallBack(true), icon: <IconPhoneCall size={16} /> },
        ]}
      />
      <Stack gap="lg">
        <OfferBanner offer={bestOffer(sameStore) ?? offer} origin="offer_page" action={false} />
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Group justify="space-between" align="flex-end">
              <Title order={2} size="h4">
                {t('offer.choose')}
              </Title>
              {storeIds.length > 1 && (
                <Select
                  label={t('offer.store')}
                  description={t('offer.storeHint')}
                  data={storeIds.map((s) => ({ value: s, label: storeName(s) ?? s }))}
                  value={offer.store_id ?? ''}
                  allowDeselect={false}
                  w={{ base: '100%', sm: 280 }}
                  data-testid="store-switcher"
                  onChange={(storeId) => {
                    const next = bestOffer(offers.data.filter((o) => (o.store_id ?? '') === storeId));
                    if (!next) return;
                    track('Capital Store Selected', { merchantId: next.merchant_id, storeId });
                    void navigate(`${base}/offers/${next.id}`, { replace: true });
                  }}
                />
              )}
            </Group>
            <Radio.Group
              value={offer.id}
              onChange={(next) => {
                const chosen = offers.data.find((o) => o.id === next);
                track('Capital Offers Clicks', {
                  merchantId: chosen?.merchant_id,
                  offerId: next,
                  eventOrigin: 'selector',
                });
                void navigate(`${base}/offers/${next}`, { replace: true });
              }}
              aria-label={t('offer.choose')}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="offer-selector">
                {selectorOptions(sameStore).map(({ offer: o, best }) => (
                  <Radio.Card key={o.id} value={o.id} radius="md" p="md" data-offer={o.id}>
                    <Group wrap="nowrap" align="flex-start">
                      <Radio.Indicator />
                      <Stack gap={2}>
                        <Group gap="xs">
                          <Text fw={700} dir="ltr">
                            {money(o.amount, o.currency, lang, { whole: true })}
                          </Text>
                          {best && (
                            <Badge color="teal" size="sm">
                              {t('offer.best')}
                            </Badge>
                          )}
                        </Group>
                        <Text size="sm" c="dimmed">
                          {t('offer.weeks', { count: o.tenor })} ·{' '}
                          {t('offer.repaymentRate', { rate: o.repayment_rate })}
                        </Text>
                        {o.tags.includes('early_payoff') && (
                          <Text size="xs" c="violet">
                            {t('offer.earlyPayoff')}
                          </Text>
                        )}
                      </Stack>
                    </Group>
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
            <Group>
              <Button
                component={Link}
                to={`${base}/application/${offer.id}/${offer.merchant_id}`}
                onClick={() =>
                  track('Capital Apply Clicked', {
                    merchantId: offer.merchant_id,
                    capitalAmount: offer.amount,
                    merchantName: offer.merchant_name,
                    currency: offer.currency,
                  })
                }
              >
                {/* A plain offer is applied for as it stands (the simple form has no customisation). */}
                {t(isSimpleOffer(offer.tags) ? 'offer.applySimple' : 'offer.apply')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconPhoneCall size={16} />}
                onClick={() => setCallBack(true)}
              >
                {t('callback.open')}
              </Button>
            </Group>
          </Stack>
        </Card>
        <OfferSections />
      </Stack>
      <CallBackDialog
        opened={callBack}
        onClose={() => setCallBack(false)}
        offerId={offer.id}
        phone={account.data?.phone ?? ''}
      />
      <FeedbackModal opened={feedback.open} offerId={offer.id} onDone={feedback.done} />
    </>
  );
}

/**
 * The pages on an offer's address wait for the offers and the offer's application (null: none yet) together:
 * `ready` once both are here, else `waiting` — the skeleton, or the error page trying both again.
 */
function useOfferAndApplication(offerId: string) {
  const offers = useOffers();
  const application = useApplicationOfOffer(offerId);
  if (offers.isPending || application.isPending) return { ready: null, waiting: <PageLoading /> };
  if (offers.isError || application.isError)
    return {
      ready: null,
      waiting: (
        <ErrorPage status={500} onRetry={() => void Promise.all([offers.refetch(), application.refetch()])} />
      ),
    };
  return { ready: { offers: offers.data, application: application.data }, waiting: null };
}

/** Where a started application continues (§2 Offer entry page): its wizard, at the step. */
function stepPath(base: string, applicationId: string, group: string, step: string) {
  return group === 'kyb_flow'
    ? `${base}/application-kyb/${applicationId}/${step.replace(/_/g, '-')}`
    : `${base}/application-frf/${applicationId}/${frfStepId(step) ?? step}`;
}

/**
 * {capital_base}/application/{offerId}/{merchantId}: the first incomplete step, else the customisation. With
 * `?customise` (the wizards' "change the amount or term", and §2's customize_your_offer step) the customisation
 * shows even when a step is waiting; saving it goes on to that step.
 */
export function OfferEntry() {
  const { offerId = '' } = useParams();
  const [search] = useSearchParams();
  const customise = search.has('customise');
  const { t } = useTranslation('capital');
  const base = useCapitalBase();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { ready, waiting } = useOfferAndApplication(offerId);
  const track = useCapitalEvents();
  const [terms, setTerms] = useState<{ amount: number; tenor: number } | null>(null);
  const [saving, setSaving] = useState(false);
  const opened = useRef(false);
  const offer = ready?.offers.find((o) => o.id === offerId);
  useEffect(() => {
    if (offer && !opened.current) {
      opened.current = true;
      track('Capital Page Opened', { page: 'offer_entry', offer_id: offer.id });
    }
  }, [offer, track]);

  if (!ready) return waiting;
  if (!offer) return <ErrorPage status={404} />;
  // An offer of neither wizard is applied for with the simple form (§2 Simple application form).
  if (isSimpleOffer(offer.tags))
    return <Navigate to={`${base}/application/${offer.id}/${offer.merchant_id}/simple`} replace />;
  const next = ready.application ? firstIncompleteStep(ready.application.steps) : null;
  if (ready.application && next && !customise)
    return <Navigate to={stepPath(base, ready.application.id, next.group_name, next.name)} replace />;

  const save = async () => {
    if (!terms) return;
    setSaving(true);
    try {
      let saved;
      if (ready.application) saved = await updateApplication(ready.application.id, terms);
      else {
        await createApplication({ offer_id: offer.id, ...terms });
        saved = await fetchApplicationOfOffer(offer.id);
      }
      await client.invalidateQueries({ queryKey: capitalKeys.offerApplication(offerId) });
      notify({ variant: 'success', title: t('custom.saved'), message: '' });
      const step = saved ? firstIncompleteStep(saved.steps) : null;
      // Into the KYB wizard the customisation is replaced (§2: its navigation replaces history), so Back
      // from the wizard is the offer, not this page sending the merchant straight back in.
      if (saved && step)
        void navigate(stepPath(base, saved.id, step.group_name, step.name), {
          replace: step.group_name === 'kyb_flow',
        });
    } catch {
      notify({ variant: 'error', title: t('toast.errorTitle'), message: t('toast.generic') });
    } finally {
      setSaving(false);
    }
  };

  const initial = ready.application
    ? { amount: ready.application.amount, tenor: ready.application.tenor }
    : { amount: maxAmountFor(offer), tenor: offer.tenor };
  return (
    <>
      <PageHeader
        title={offer.merchant_name}
        breadcrumbs={[
          { label: t('crumb.capital'), to: base },
          { label: offer.merchant_name, to: `${base}/offers/${offer.id}` },
        ]}
      />
      <Stack gap="lg" maw={960}>
        <Customisation offer={offer} initial={initial} onChange={setTerms} />
        <Group>
          <Button
            onClick={() => void save()}
            loading={saving}
            disabled={!terms}
            data-testid="customise-continue"
          >
            {t('custom.continue')}
          </Button>
        </Group>
      </Stack>
    </>
  );
}

/**
 * {capital_base}/application/{offerId}/{merchantId}/simple (§2 Simple application form, §3, §5): the catalogue
 * flow `capital-simple` on the offer — signatory, optional finance manager, licence, bank statement (required
 * when the offer says so), the fixed-payout-cycle agreement, under the four stages (schemas/capital-simple).
 * Submitting applies (create, answers, submit) and opens the application's page; an application already sent
 * is shown there instead. Our address: the spec gives the simple form "the offer route with offerId and
 * merchantId" and no step name; `/simple` keeps it apart from the wizards' `application/{stepName}/…`.
 */
export function SimpleApplicationPage() {
  const { offerId = '' } = useParams();
  const { t } = useTranslation('capital');
  const base = useCapitalBase();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { ready, waiting } = useOfferAndApplication(offerId);
  if (!ready) return waiting;
  const offer = ready.offers.find((o) => o.id === offerId);
  if (!offer) return <ErrorPage status={404} />;
  const existing = ready.application;
  if (existing && !isEditable(existing.status))
    return <Navigate to={`${base}/loan-applications/${existing.id}`} replace />;
  const page = `${base}/application/${offer.id}/${offer.merchant_id}/simple`;
  return (
    <>
      <PageHeader
        title={t('forms.simple.flow')}
        breadcrumbs={[
          { label: t('crumb.capital'), to: base },
          { label: offer.merchant_name, to: `${base}/offers/${offer.id}` },
        ]}
      />
      <FlowForm
        flowId="capital-simple"
        scope={offer.id}
        basePath={page}
        onSubmitted={() => {
          notify({ variant: 'success', title: t('application.submittedTitle'), message: '' });
          void client.invalidateQueries({ queryKey: ['capital'] });
          void fetchApplicationOfOffer(offer.id).then(
            (sentOne) => navigate(`${base}/loan-applications/${sentOne?.id ?? ''}`, { replace: true }),
            () => navigate(`${base}/loans`, { replace: true }),
          );
        }}
      />
    </>
  );
}

/** {capital_base}/error (§2): "something went wrong", with a way to support. */
export function CapitalErrorPage() {
  const { t } = useTranslation('capital');
  return (
    <Stack align="center" ta="center" gap="md" py="xl" maw={480} mx="auto">
      <Title order={1} size="h2">
        {t('errorPage.title')}
      </Title>
      <Text c="dimmed">{t('errorPage.body')}</Text>
      <Button component={Link} to="/support">
        {t('errorPage.contact')}
      </Button>
    </Stack>
  );
}

/**
 * {capital_base}/waitlist (§2 Waitlist page, §5): the catalogue flow `capital-waitlist` (stores, a purpose,
 * join; schemas/capital-waitlist), then "you are on the waitlist" for good (the account's entry says so).
 */
export function WaitlistPage() {
  const { t } = useTranslation('capital');
  const client = useQueryClient();
  const base = useCapitalBase();
  const entry = useWaitlist();
  if (entry.isPending) return <PageLoading />;
  if (entry.isError) return <ErrorPage status={500} onRetry={() => void entry.refetch()} />;
  if (entry.data.joined)
    return (
      <Card withBorder radius="lg" padding="xl" maw={560} data-testid="waitlist-joined">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={48} radius="xl" color="teal" variant="light">
            <IconCheck />
          </ThemeIcon>
          <Title order={1} size="h3">
            {t('waitlist.joined')}
          </Title>
          <Text c="dimmed">{t('waitlist.joinedBody')}</Text>
        </Stack>
      </Card>
    );
  return (
    <>
      <PageHeader title={t('title')} />
      <FlowForm
        flowId="capital-waitlist"
        basePath={`${base}/waitlist`}
        onSubmitted={() => void client.invalidateQueries({ queryKey: capitalKeys.waitlist })}
        submitted={() => <PageLoading />}
      />
    </>
  );
}

/**
 * The full-revenue wizard on an offer (§2: `application-full-revenue/{offerId}/{merchantId}/{stepName}`, and the
 * pre-approved and plain `application/{stepName}/…` spellings of it): the wizard lives on the offer's
 * application (`application-frf/{applicationId}/{step}`), so these send the merchant there, replacing the
 * address. No application yet, or `customize_your_offer`: the customisation, which creates it. 404 for an
 * offer not the merchant's.
 */
export function FrfOfferRoute() {
  const { offerId = '', merchantId = '', stepName = '' } = useParams();
  const base = useCapitalBase();
  const { ready, waiting } = useOfferAndApplication(offerId);
  if (!ready) return waiting;
  const offer = ready.offers.find((o) => o.id === offerId && (!merchantId || o.merchant_id === merchantId));
  if (!offer) return <ErrorPage status={404} />;
  const entry = `${base}/application/${offer.id}/${offer.merchant_id}`;
  if (!ready.application || stepName === 'customize_your_offer')
    return <Navigate to={ready.application ? `${entry}?customise` : entry} replace />;
  return (
    <Navigate
      to={`${base}/application-frf/${ready.application.id}/${frfStepId(stepName) ?? stepName}`}
      replace
    />
  );
}

/** Capital with no offer, loan or application (while the payouts page of spec §2 is not built). */
function NothingYet() {
  const { t } = useTranslation('capital');
  return (
    <>
      <PageHeader title={t('title')} />
      <Card withBorder radius="lg" padding="xl" maw={560} data-testid="capital-nothing-yet">
        <Title order={2} size="h4" mb="xs">
          {t('nothingYet.title')}
        </Title>
        <Text c="dimmed">{t('nothingYet.body')}</Text>
      </Card>
    </>
  );
}
