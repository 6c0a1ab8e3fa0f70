/**
 * The four stages of a simple-form application (capital spec §4 mapping).
 */
import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { simpleStage } from '../../../../domain/capital/steps';

/**
 * §2, §4: an application of the simple form (no wizard steps) shows where it stands of its four stages — every
 * stage on a wide screen, the current one's name and n/4 on a phone (as the form's own stages do). Drawn with
 * what the section already loads (not Mantine's Stepper, which would add 2 KiB to capital's budget).
 */
export function SimpleStages(props: { status: string }) {
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
