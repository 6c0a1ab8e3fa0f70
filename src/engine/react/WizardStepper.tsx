import { Box, Group, Progress, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface StepperStep {
  id: string;
  title: string;
  complete: boolean;
  /** The merchant may go there now. */
  open: boolean;
}

/**
 * Progress through the active steps: a bar with "step n of N" and the step's
 * name everywhere, and the list of steps beside the form from the md breakpoint.
 */
export function WizardStepper(props: {
  steps: StepperStep[];
  current: string;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('common');
  const index = props.steps.findIndex((s) => s.id === props.current);
  const done = props.steps.filter((s) => s.complete).length;
  const current = props.steps[index];
  return (
    <Stack gap="md">
      <Box>
        <Group justify="space-between" mb={6} wrap="nowrap">
          <Text size="sm" fw={600} c="navy.9">
            {current?.title}
          </Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('wizard.stepOf', { current: index + 1, total: props.steps.length })}
          </Text>
        </Group>
        <Progress
          value={(done / Math.max(props.steps.length, 1)) * 100}
          size="sm"
          radius="xl"
          aria-label={t('wizard.progress', { done, total: props.steps.length })}
        />
      </Box>
      <Stack
        gap={4}
        visibleFrom="md"
        component="ol"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('wizard.steps')}
      >
        {props.steps.map((step, i) => {
          const isCurrent = step.id === props.current;
          return (
            <li key={step.id}>
              <UnstyledButton
                onClick={() => props.onSelect(step.id)}
                disabled={!step.open || isCurrent}
                aria-current={isCurrent ? 'step' : undefined}
                w="100%"
                p={6}
                style={{ borderRadius: 8, background: isCurrent ? 'var(--mantine-color-mint-0)' : undefined }}
              >
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon
                    size={24}
                    radius="xl"
                    variant={step.complete ? 'filled' : isCurrent ? 'light' : 'default'}
                    color={step.complete || isCurrent ? 'mint' : 'gray'}
                    aria-hidden
                  >
                    <Text size="xs" fw={700}>
                      {step.complete ? '✓' : i + 1}
                    </Text>
                  </ThemeIcon>
                  <Text size="sm" fw={isCurrent ? 700 : 500} c={step.open ? 'navy.9' : 'dimmed'}>
                    {step.title}
                  </Text>
                </Group>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
