/**
 * The sign-in screen (shell spec §2.1, §4, §8): nine steps, one address each (`/auth/<step>`; sign_in is
 * `/auth`), keeping the `redirect` parameter throughout. An unknown step shows the 500 page with a back
 * button; a step without the data it needs goes back to sign_in. A signed-in visitor is sent on at once.
 */
import { StepFormLayout } from '../../../components/StepFormLayout';
import { lazy, Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import {
  Anchor,
  Box,
  Button,
  Center,
  Container,
  Grid,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../../components/RichText';
import type { TFunction } from 'i18next';
import { AuthHeader } from '../components/AuthHeader';
import { PhoneInput } from '../../../../engine/widgets/PhoneInput';
import { ErrorPage } from '../../../components/ErrorPage';
import { notify } from '../../../components/notificationStore';
import { fetchAccount, fetchSignedIn, sessionStarted } from '../../../api/accountKey';
import { ApiError } from '../../../api/client';
import { authApi, type Credentials } from '../api';
import { useBotCheck } from '../useBotCheck';
import { clearProgress, readProgress, writeProgress } from '../progress';
import { siteLink, useSiteLinks, type SiteLinks } from '../../../api/siteLinks';
import { acceptRedirect } from '../../../../domain/redirect';
import { identifyAccount } from '../../../analytics';
import { dialPrefix } from '../../../../domain/countries';
import { signInErrorKey, type SignInErrorKey, type SignInStage } from '../../../../domain/signInErrors';
import { isolateLtr } from '../../../components/listText';
import {
  CODE_LENGTH,
  factorOf,
  hasStepData,
  isSignInStep,
  stepAfterCodeSent,
  stepAfterVerify,
  stepBack,
  type Factor,
  type SignInProgress,
  type SignInStep,
} from '../../../../domain/signInFlow';
import { checkAddress } from '../../../components/addressCheck';
import { isLanguage, type Language } from '../../../../domain/language';
import { removeBootFrame } from '../../../components/bootFrame';
import { analytics } from '../../../analytics';

/** Where a signed-in user goes: the accepted redirect address, else root (spec §2.7). */
function useAfterSignIn() {
  const [search] = useSearchParams();
  const target = acceptRedirect(search.get('redirect'), [window.location.hostname]);
  return target ?? '/';
}

/** The question asked as the page's code arrived (startSessionCheck), for the first page that shows. */
let early: Promise<boolean> | undefined;

/**
 * Asks whether someone is signed in as soon as the sign-in page's code arrives (router.tsx), beside the page's
 * translations, rather than once the page has drawn: on a phone's network the form waited a round trip more for
 * the answer (issue 54).
 */
export function startSessionCheck() {
  early = fetchSignedIn();
  early.catch(() => undefined);
}

/** Whether someone is signed in: asked once when the page opens (a 200 either way); set by the page after sign-in. */
function useSignedIn() {
  const [signedIn, setSignedIn] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let live = true;
    // The early answer serves the first page only (forgotten once taken): a later visit, after a sign-out, asks again.
    const asked = early ?? fetchSignedIn();
    const settle = (answer: boolean) => {
      if (!live) return;
      if (early === asked) early = undefined;
      setSignedIn(answer);
    };
    asked.then(settle, () => settle(false));
    return () => {
      live = false;
    };
  }, []);
  return { isPending: signedIn === undefined, signedIn, setSignedIn };
}

/** The app panel (a picture and two links) loads after the form. */
const AppPanel = lazy(() => import('../components/AppPanel').then((m) => ({ default: m.AppPanel })));
/** Whether the panel has anything to show (a small check kept out of the panel's lazily loaded chunk). */
const hasAppLinks = (links: SiteLinks) => Boolean(links.merchant_app || links.app_store || links.google_play);

/** The code boxes load with the first code step, not with the sign-in form. */
const CodeStep = lazy(() => import('../../../components/CodeStep').then((m) => ({ default: m.CodeStep })));

/** A signed-in visitor leaves for the redirect address (an https one on our hosts) or root. */
function SendOn(props: { target: string }) {
  useEffect(() => clearProgress(), []);
  // Before <Navigate>'s effect moves on (a layout effect runs before any effect): the signed-in pages must not
  // answer from what they cached while nobody was signed in.
  useLayoutEffect(() => sessionStarted(), []);
  if (/^https:/.test(props.target)) {
    window.location.assign(props.target);
    return null;
  }
  return <Navigate to={props.target} replace />;
}

function Frame(props: { children: ReactNode }) {
  const links = useSiteLinks();
  return (
    <Box mih="100vh" bg="gray.0">
      <AuthHeader />
      <Container size="lg" component="main" py={{ base: 'md', sm: 48 }} px="md">
        <Grid gap="xl" align="stretch" justify="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="xs">
              {props.children}
            </Paper>
          </Grid.Col>
          {links && hasAppLinks(links) && (
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Suspense fallback={null}>
                <AppPanel links={links} />
              </Suspense>
            </Grid.Col>
          )}
        </Grid>
      </Container>
    </Box>
  );
}

export function AuthPage() {
  const { step: rawStep } = useParams();
  const location = useLocation();
  const session = useSignedIn();
  const afterSignIn = useAfterSignIn();
  const step = rawStep ?? 'sign_in';
  // The form drawn by the page's HTML before this code ran (components/bootFrame.ts) gives way once the page knows what
  // to draw instead of it: never to the spinner below, which would flash between two drawings of the same form.
  useLayoutEffect(() => {
    if (!session.isPending) removeBootFrame();
  }, [session.isPending]);

  if (session.isPending) {
    return (
      <Center mih="100vh">
        <Loader />
      </Center>
    );
  }
  if (session.signedIn) return <SendOn target={afterSignIn} />;
  if (!isSignInStep(step)) return <ErrorPage status={500} withBack />;
  const progress = readProgress();
  if (!hasStepData(step, progress)) return <Navigate to={`/auth${location.search}`} replace />;
  return (
    <Frame>
      <Suspense
        fallback={
          <Center mih={240}>
            <Loader />
          </Center>
        }
      >
        <SignInSteps
          key={step}
          step={step}
          progress={progress}
          onSignedIn={() => session.setSignedIn(true)}
        />
      </Suspense>
    </Frame>
  );
}

/**
 * The sign-in form as it first draws, for the page's HTML (app/prerender.tsx): what a phone shows while the
 * page's code is still on its way (issue 54). It does nothing: the page's HTML shows it inert, under no name.
 */
export function SignInFirstDraw() {
  const { t, i18n } = useTranslation('auth');
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const ctx: StepContext = {
    t,
    progress: {},
    run: () => Promise.resolve(false),
    goTo: () => undefined,
    error: undefined,
    setError: () => undefined,
    busy: false,
    lang,
  };
  return (
    <Frame>
      <SignInForm ctx={ctx} />
    </Frame>
  );
}

/** What the step forms share with the steps' frame. */
interface StepContext {
  t: TFunction<'auth'>;
  progress: SignInProgress;
  run: (stage: SignInStage, action: () => Promise<void>) => Promise<boolean>;
  goTo: (step: SignInStep) => void;
  error: string | undefined;
  setError: (error: string | undefined) => void;
  busy: boolean;
  lang: Language;
}

function SignInSteps(props: { step: SignInStep; progress: SignInProgress; onSignedIn: () => void }) {
  const { step, progress } = props;
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [errorKey, setErrorKey] = useState<SignInErrorKey>();
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';

  const goTo = (next: SignInStep) =>
    void navigate(`/auth${next === 'sign_in' ? '' : `/${next}`}${location.search}`);

  const fail = (caught: unknown, stage: SignInStage) => {
    const key =
      caught instanceof ApiError
        ? signInErrorKey(caught, stage)
        : signInErrorKey({ status: 500, message: '' }, stage);
    const message = t(`errors.${key}`);
    setError(message);
    setErrorKey(key);
    notify({ variant: 'error', title: t('errors.title'), message });
    return key;
  };

  // Signed in: AuthPage learns the account and sends the user on.
  const finish = async () => {
    const account = await fetchAccount();
    if (!account) throw new ApiError(401, 'session expired');
    identifyAccount(account, lang);
    analytics.track('Login Completed', { method: progress.method ?? 'email' });
    props.onSignedIn();
  };

  const run = async (stage: SignInStage, action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    setErrorKey(undefined);
    try {
      await action();
      return true;
    } catch (caught) {
      fail(caught, stage);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const ctx: StepContext = { t, progress, run, goTo, error, setError, busy, lang };
  if (step === 'sign_in') return <SignInForm ctx={ctx} />;

  const factor = factorOf(step);
  const credentials = (): Credentials =>
    progress.method === 'phone' ? { phone: progress.address! } : { email: progress.address! };

  if (step === 'sign_in_verify_email' || step === 'sign_in_verify_phone') {
    return (
      <CodeStep
        title={t(`verify.title.${factor}`)}
        // The address its own direction: in an Arabic sentence an address with a hyphen otherwise breaks there, reordered.
        body={t('verify.body', { count: CODE_LENGTH[factor], address: isolateLtr(progress.address ?? '') })}
        length={CODE_LENGTH[factor]}
        error={error}
        busy={busy}
        backLabel={t(`change.${factor}`)}
        onBack={() => goTo(stepBack(step))}
        resendNow={errorKey === 'maxAttempts'}
        onResend={() =>
          run('sign_in', async () => {
            await authApi.resendFirst(credentials(), lang, progress.sessionId!);
          })
        }
        onVerify={(code) =>
          void run('verify', async () => {
            const answer = await authApi.verify(progress.sessionId!, code);
            const next = stepAfterVerify(answer);
            if (next === 'done') return finish();
            writeProgress({ ...progress, secondAddress: answer.factor ? answer[answer.factor] : undefined });
            goTo(next);
          })
        }
      />
    );
  }

  if (step === 'challenge_setup_email' || step === 'challenge_setup_phone') {
    return <SetupForm factor={factor} step={step} ctx={ctx} />;
  }

  // challenge_verify_* and challenge_setup_verify_*
  const setupVerify = step.startsWith('challenge_setup_verify');
  return (
    <CodeStep
      title={t(setupVerify ? `setupVerify.title.${factor}` : 'challenge.title')}
      body={t('verify.body', {
        count: CODE_LENGTH[factor],
        address: isolateLtr(progress.secondAddress ?? ''),
      })}
      length={CODE_LENGTH[factor]}
      error={error}
      busy={busy}
      backLabel={setupVerify ? t(`change.${factor}`) : t('back')}
      onBack={() => goTo(stepBack(step))}
      resendNow={errorKey === 'maxAttempts'}
      onResend={() =>
        run('challenge', async () => {
          await authApi.resendChallenge();
        })
      }
      onVerify={(code) =>
        void run(setupVerify ? 'setup' : 'challenge', async () => {
          await authApi.verifyChallenge(code);
          await finish();
        })
      }
    />
  );
}

function SignInForm(props: { ctx: StepContext }) {
  const { t, progress, run, goTo, error, setError, busy, lang } = props.ctx;
  const bot = useBotCheck();
  const [method, setMethod] = useState<Factor>(progress.method ?? 'email');
  const [email, setEmail] = useState(progress.method === 'email' ? (progress.address ?? '') : '');
  const [phone, setPhone] = useState(progress.method === 'phone' ? (progress.address ?? '') : '+966');
  const [invalid, setInvalid] = useState<string>();
  const fieldError = invalid ?? error;

  const submit = async () => {
    const { address, problem } = await checkAddress(method, method === 'email' ? email : phone);
    setInvalid(problem && t(problem));
    if (problem) return;
    if (bot.state.status !== 'ready') return;
    const token = bot.state.token;
    void run('sign_in', async () => {
      const started = await authApi.authenticate(
        method === 'email' ? { email: address } : { phone: address },
        lang,
        token,
      );
      writeProgress({ method, address, sessionId: started.session_id });
      analytics.track('Login Code Requested', { method });
      goTo(stepAfterCodeSent('sign_in', method));
    }).then(() => {
      // A token is good once: a fresh bot check for the next try (and after bad_request, spec §8).
      bot.reset();
    });
  };

  return (
    <StepFormLayout title={t('signIn.title')} body={t('signIn.subtitle')} onSubmit={() => void submit()}>
      <div role="group" aria-label={t('signIn.method')}>
        <Button.Group>
          {(['email', 'phone'] as const).map((value) => (
            <Button
              key={value}
              flex={1}
              variant={method === value ? 'filled' : 'default'}
              aria-pressed={method === value}
              onClick={() => {
                setMethod(value);
                setInvalid(undefined);
                setError(undefined);
              }}
            >
              {value === 'email' ? t('signIn.byEmail') : t('signIn.byPhone')}
            </Button>
          ))}
        </Button.Group>
      </div>
      {method === 'email' ? (
        <TextInput
          id="email"
          label={t('signIn.email')}
          placeholder={t('signIn.emailPlaceholder')}
          type="email"
          autoComplete="email"
          autoFocus
          dir="ltr"
          value={email}
          error={fieldError}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
      ) : (
        <PhoneInput
          id="phone"
          label={t('signIn.phone')}
          value={phone}
          onChange={(next) => setPhone((old) => next ?? dialPrefix(old))}
          error={fieldError}
          autoFocus
        />
      )}
      <Stack gap={6}>
        <Button type="submit" size="md" fullWidth loading={busy} disabled={bot.state.status !== 'ready'}>
          {t('continue')}
        </Button>
        {/* One line kept for the check's word, also once it is done: the form below stays where it is (the line
            going moved the page up, and brought the shoppers' note into a phone's view as the check ended). */}
        {bot.state.status === 'failed' ? (
          <Text size="xs" c="red" ta="center" role="alert">
            {t('botCheck.failed')}{' '}
            <Anchor component="button" type="button" size="xs" onClick={bot.reset}>
              {t('botCheck.retry')}
            </Anchor>
          </Text>
        ) : (
          <Text size="xs" c="dimmed" ta="center" aria-live="polite">
            {bot.state.status === 'solving' ? t('botCheck.solving') : '\u00a0'}
          </Text>
        )}
      </Stack>
      <SiteNotes lang={lang} />
    </StepFormLayout>
  );
}

function SetupForm(setupProps: { factor: Factor; step: SignInStep; ctx: StepContext }) {
  const { t, progress, run, goTo, error, busy } = setupProps.ctx;
  const step = setupProps.step;
  const [value, setValue] = useState(setupProps.factor === 'phone' ? '+966' : '');
  const [invalid, setInvalid] = useState<string>();
  const submit = async () => {
    const { address, problem } = await checkAddress(setupProps.factor, value);
    setInvalid(problem && t(problem));
    if (problem) return;
    void run('setup', async () => {
      await authApi.setup(setupProps.factor === 'email' ? { email: address } : { phone: address });
      writeProgress({ ...progress, secondAddress: address });
      goTo(stepAfterCodeSent(step, setupProps.factor));
    });
  };
  return (
    <StepFormLayout
      title={t(`setup.title.${setupProps.factor}`)}
      body={t(`setup.body.${setupProps.factor}`)}
      onSubmit={() => void submit()}
    >
      {setupProps.factor === 'phone' ? (
        <PhoneInput
          id="phone"
          label={t('signIn.phone')}
          value={value}
          onChange={(next) => setValue((old) => next ?? dialPrefix(old))}
          error={invalid ?? error}
          autoFocus
        />
      ) : (
        <TextInput
          id="email"
          label={t('signIn.email')}
          type="email"
          dir="ltr"
          autoFocus
          value={value}
          error={invalid ?? error}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
      )}
      <Button type="submit" size="md" fullWidth loading={busy}>
        {t('continue')}
      </Button>
      <Anchor component="button" type="button" size="sm" onClick={() => goTo('sign_in')}>
        {t('back')}
      </Anchor>
    </StepFormLayout>
  );
}

/**
 * Under the sign-in form: the shoppers' note with the marketplace's link, and the terms sentence with its two —
 * each link only as the deployment set it (issue 56): without a marketplace the note ends without one, and without
 * both terms addresses the sentence is not shown (it would point at nothing). The sentence comes last: it appears
 * once the addresses are read, after the page's first drawing, and moves nothing as it does.
 */
function SiteNotes(props: { lang: Language }) {
  const { t } = useTranslation('auth');
  const links = useSiteLinks();
  const terms = siteLink(links?.terms, props.lang);
  const privacy = siteLink(links?.privacy, props.lang);
  const marketplace = siteLink(links?.marketplace, props.lang);
  const external = (href: string, size: 'xs' | 'sm') => (text: string) => (
    <Anchor href={href} target="_blank" rel="noreferrer" size={size}>
      {text}
    </Anchor>
  );
  return (
    <>
      <Paper bg="gray.0" p="sm" radius="md">
        <Text size="sm">
          {marketplace ? (
            <RichText text={t('signIn.shoppers')} tags={{ shop: external(marketplace, 'sm') }} />
          ) : (
            t('signIn.shoppersNoLink')
          )}
        </Text>
      </Paper>
      {terms && privacy && (
        <Text size="xs" c="dimmed">
          <RichText
            text={t('signIn.terms')}
            tags={{ terms: external(terms, 'xs'), privacy: external(privacy, 'xs') }}
          />
        </Text>
      )}
    </>
  );
}
