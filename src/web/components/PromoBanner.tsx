/**
 * A dark banner that offers something (capital's offer on the home and on capital's pages): a small line with a
 * sparkle, a headline, a sentence, and the way to it at the end (under the text on a phone).
 */
import { Card, Group, Stack, Text, ThemeIcon, Title, type TitleProps } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function PromoBanner(props: {
  testId: string;
  eyebrow: string;
  title: string;
  /** The headline's size: `h3` where the banner leads the page, `h4` among the home's tiles. */
  size: TitleProps['size'];
  body: string;
  /** A mint button (a link to the offer); none where the page is the offer. */
  action?: ReactNode;
}) {
  return (
    <Card radius="lg" padding="lg" bg="navy.9" c="white" data-testid={props.testId}>
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 250px' }}>
          <Group gap="xs">
            <ThemeIcon color="mint" variant="light" radius="xl" size="sm">
              <IconSparkles size={14} />
            </ThemeIcon>
            <Text size="sm" fw={600} c="mint.3">
              {props.eyebrow}
            </Text>
          </Group>
          <Title order={2} size={props.size} c="white">
            {props.title}
          </Title>
          <Text size="sm" c="gray.3">
            {props.body}
          </Text>
        </Stack>
        {props.action}
      </Group>
    </Card>
  );
}
