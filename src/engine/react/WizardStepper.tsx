import { Box, Group, Progress, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

export interface StepperStep {
  id: string;
  title: string;
  complete: boolean;
  /** The merchant may go there now. */
  open: boolean;
  /** A step done before the form, elsewhere in the product (flow.json `lead`). */
  lead?: boolean;
}

/** Whether the steps ahead are known yet (src/engine/core/outlook.ts), with the steps' titles. */
export interface StepperOutlook {
  settled: boolean;
  /** Titles of the steps whose answers still decide the path. */
  decidedIn: string[];
  /** Their ids: the steps still to be decided are drawn after the last of them. */
  decidedInIds: string[];
  /** The most steps the path can still have. */
  range: [number, number];
}

/**
 * Progress through the active steps: a bar with "step n of N" and the step's name everywhere, and the list of
 * steps beside the form from the md breakpoint. Until the answers that decide the path are given, there is no
 * total to tell: "Step n", and a line saying which steps' answers decide what follows (the list ends with
 * "more steps may follow"). The bar measures against the longest path still possible, so it never goes back.
 */
export function WizardStepper(props: {
  steps: StepperStep[];
  current: string;
  onSelect: (id: string) => void;
  outlook?: StepperOutlook;
}) {
  const { t } = useTranslation('common');
  const index = props.steps.findIndex((s) => s.id === props.current);
  const done = props.steps.filter((s) => s.complete).length;
  const current = props.steps[index];
  const settled = props.outlook?.settled ?? true;
  const longest = settled ? props.steps.length : Math.max(props.outlook!.range[1], props.steps.length);
  // Where the steps not known yet will go: after the last step whose answers decide them.
  const lastDecider = settled
    ? -1
    : Math.max(-1, ...props.steps.map((s, i) => (props.outlook!.decidedInIds.includes(s.id) ? i : -1)));
  const unknownAfter = lastDecider < 0 ? props.steps.length : lastDecider + 1;
  const deciders = new Intl.ListFormat(t('wizard.listLocale'), { type: 'conjunction' }).format(
    props.outlook?.decidedIn ?? [],
  );
  return (
    <Stack gap="md">
      <Box>
        <Group justify="space-between" mb={6} wrap="nowrap">
          <Text size="sm" fw={600} c="navy.9">
            {current?.title}
          </Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {settled
              ? t('wizard.stepOf', { current: index + 1, total: props.steps.length })
              : t('wizard.stepNumber', { current: index + 1 })}
          </Text>
        </Group>
        <Progress
          value={(done / Math.max(longest, 1)) * 100}
          size="sm"
          radius="xl"
          aria-label={
            settled
              ? t('wizard.progress', { done, total: props.steps.length })
              : t('wizard.progressOpen', { done })
          }
        />
        {/* Always a line here (what comes next, or what decides it), so the form below does not jump. */}
        <Text size="xs" c="dimmed" mt={6} lineClamp={2}>
          {!settled && deciders !== ''
            ? t('wizard.moreSteps', { steps: deciders })
            : props.steps[index + 1]
              ? t('wizard.nextStep', { step: props.steps[index + 1]!.title })
              : t('wizard.lastStep')}
        </Text>
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
          // A step after the ones not known yet has no number yet: its place depends on them.
          const numbered = i < unknownAfter;
          return (
            <Fragment key={step.id}>
              {!settled && i === unknownAfter && <MoreSteps label={t('wizard.moreStepsItem')} />}
              <li>
                <UnstyledButton
                  onClick={() => props.onSelect(step.id)}
                  disabled={!step.open || isCurrent}
                  aria-current={isCurrent ? 'step' : undefined}
                  w="100%"
                  p={6}
                  style={{
                    borderRadius: 8,
                    background: isCurrent ? 'var(--mantine-color-mint-0)' : undefined,
                  }}
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
                        {step.complete ? '✓' : numbered ? i + 1 : '•'}
                      </Text>
                    </ThemeIcon>
                    <Text size="sm" fw={isCurrent ? 700 : 500} c={step.open ? 'navy.9' : 'dimmed'}>
                      {step.title}
                    </Text>
                  </Group>
                </UnstyledButton>
              </li>
            </Fragment>
          );
        })}
        {!settled && unknownAfter >= props.steps.length && <MoreSteps label={t('wizard.moreStepsItem')} />}
      </Stack>
    </Stack>
  );
}

/** The place in the list of the steps not known yet. */
function MoreSteps(props: { label: string }) {
  return (
    <li>
      <Group gap="sm" wrap="nowrap" p={6}>
        <ThemeIcon size={24} radius="xl" variant="default" color="gray" aria-hidden>
          <Text size="xs" fw={700} c="dimmed">
            …
          </Text>
        </ThemeIcon>
        <Text size="sm" c="dimmed" fs="italic">
          {props.label}
        </Text>
      </Group>
    </li>
  );
}
