/**
 * Radio cards: one card per option, with an optional line of explanation each
 * (`ui:enumDescriptions`, translation keys in the same order as the enum) —
 * for choices that need a sentence, such as the business type or online and
 * offline stores. Arrow keys move between cards as in any radio group.
 */
import { Group, Radio, Stack, Text } from '@mantine/core';
import classes from './RadioCardsWidget.module.css';
import type { WidgetProps } from '@rjsf/utils';
import { inputProps } from './inputProps';

interface EnumOption {
  label: string;
  value: unknown;
}

export function RadioCardsWidget(props: WidgetProps) {
  const options = (props.options.enumOptions ?? []) as EnumOption[];
  const descriptions = Array.isArray(props.options.enumDescriptions)
    ? (props.options.enumDescriptions as unknown[])
    : [];
  const selected = options.findIndex((o) => o.value === props.value);
  // The group is named, labelled and told its messages; each card reports blur and focus.
  const { onBlur, onFocus, ...group } = inputProps(props);
  const disabled = props.disabled || props.readonly;
  return (
    <Radio.Group
      {...group}
      value={selected >= 0 ? String(selected) : null}
      onChange={(index) => props.onChange(options[Number(index)]?.value)}
    >
      <div className={classes.cards} data-many={options.length > 2 || undefined}>
        {options.map((option, index) => (
          <Radio.Card
            key={String(option.value)}
            value={String(index)}
            disabled={disabled}
            radius="md"
            p="md"
            aria-label={option.label}
            onBlur={onBlur}
            onFocus={onFocus}
            style={{ opacity: disabled ? 0.6 : undefined }}
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator disabled={disabled} />
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  {option.label}
                </Text>
                {typeof descriptions[index] === 'string' && (
                  <Text size="xs" c="dimmed">
                    {descriptions[index]}
                  </Text>
                )}
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </div>
    </Radio.Group>
  );
}
