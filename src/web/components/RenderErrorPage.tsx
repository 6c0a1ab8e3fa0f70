/**
 * An unexpected render error (shell spec §2.5): "oops, something went wrong", a refresh button and the support
 * e-mail. RenderErrorBoundary shows it for any error thrown while rendering a screen, and lets the merchant
 * go on to another address (the page is tried again there). A screen whose code the network did not carry
 * (domain/codeNotCarried.ts) is not a fault of ours: the network's words instead, and it loads again once online.
 */
import { Component, type ReactNode } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ContactLink } from './ContactLink';
import { removeBootFrame } from './bootFrame';
import { useRetryOnline } from './useRetryOnline';
import { isCodeNotCarried } from '../../domain/codeNotCarried';

const reload = () => window.location.reload();

export function RenderErrorPage(props: { network?: boolean }) {
  const { t } = useTranslation();
  const kind = props.network ? 'network' : 'render';
  // A screen's code the network did not carry: the page loads again by itself once the browser is back online.
  useRetryOnline(props.network ? reload : undefined);
  return (
    <Center mih="100vh" px="md" component="main">
      <Stack align="center" gap="md" maw={460} ta="center">
        <Title order={1} size="h2">
          {t(`error.${kind}.title`)}
        </Title>
        <Text c="dimmed">
          {t(`error.${kind}.body`)} {!props.network && <ContactLink mailbox="support_email" />}
        </Text>
        <Button onClick={reload}>{t(props.network ? 'error.retry' : 'error.render.refresh')}</Button>
      </Stack>
    </Center>
  );
}

interface BoundaryProps {
  /** The address shown: a new one tries rendering again. */
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  failedAt: string | null;
  network: boolean;
}

export class RenderErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failedAt: null, network: false };

  static getDerivedStateFromError(error: unknown) {
    return { failedAt: '', network: isCodeNotCarried(error) };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    if (state.failedAt === '') return { failedAt: props.pathname };
    if (state.failedAt !== null && state.failedAt !== props.pathname) return { failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown) {
    // The sign-in page's drawing from the HTML would otherwise hide this page (components/bootFrame.ts).
    removeBootFrame();
    console.error(error);
    void import('../errorReporting').then((reporting) => reporting.reportError(error));
  }

  override render() {
    return this.state.failedAt === null ? (
      this.props.children
    ) : (
      <RenderErrorPage network={this.state.network} />
    );
  }
}
