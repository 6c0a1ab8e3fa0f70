/**
 * The back office's own help centre (/help, public): what "Help centre" opens when the deployment names no help
 * site of its own (HELP_CENTRE_URL, docs/configuration.md). Short answers to what merchants ask first — signing in,
 * the application, the team, disputes, capital — and how to reach a person. Its texts are `help` in locales/.
 */
import { Accordion, Anchor, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../../components/Logo';
import { LanguageToggle } from '../../../components/LanguageToggle';

/** The questions, in the order a new merchant meets them; each has a `question` and an `answer` text. */
const TOPICS = ['signIn', 'application', 'team', 'disputes', 'capital', 'contact'] as const;

export function HelpPage() {
  const { t } = useTranslation('help');
  return (
    <Container size="sm" py="lg" px="md">
      <Group justify="space-between" mb="xl" wrap="nowrap">
        <Anchor component={Link} to="/" underline="never" aria-label={t('home')}>
          <Logo />
        </Anchor>
        <LanguageToggle />
      </Group>
      <Stack gap="md">
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
        <Paper withBorder radius="md">
          <Accordion multiple defaultValue={['contact']} chevronPosition="right">
            {TOPICS.map((topic) => (
              <Accordion.Item key={topic} value={topic} id={topic}>
                <Accordion.Control>
                  <Text fw={600}>{t(`${topic}.question`)}</Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Text size="sm">{t(`${topic}.answer`)}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Paper>
        <Anchor component={Link} to="/">
          {t('back')}
        </Anchor>
      </Stack>
    </Container>
  );
}
