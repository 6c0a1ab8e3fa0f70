/**
 * An unexpected render error (shell spec §2.5): "oops, something went wrong", a refresh button and the support
 * e-mail. RenderErrorBoundary shows it for any error thrown while rendering a screen, and lets the merchant
 * go on to another address (the page is tried again there).
 */
import { Component, type ReactNode } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ContactLink } from './ContactLink';
import { removeBootFrame } from './bootFrame';

export function RenderErrorPage() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" px="md" component="main">
      <Stack align="center" gap="md" maw={460} ta="center">
        <Title order={1} size="h2">
          {t('error.render.title')}
        </Title>
        <Text c="dimmed">
          {t('error.render.body')} <ContactLink mailbox="support_email" />
        </Text>
        <Button onClick={() => window.location.reload()}>{t('error.render.refresh')}</Button>
      </Stack>
    </Center>
  );
}

interface BoundaryProps {
  /** The address shown: a new one tries rendering again. */
  pathname: string;
  children: ReactNode;
}

export class RenderErrorBoundary extends Component<BoundaryProps, { failedAt: string | null }> {
  override state: { failedAt: string | null } = { failedAt: null };

  static getDerivedStateFromError() {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failedAt: string | null }) {
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
    return this.state.failedAt === null ? this.props.children : <RenderErrorPage />;
  }
}
