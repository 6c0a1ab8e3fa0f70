import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/**
 * A question the merchant answers before the wizard goes on (a change that clears answers; a step's `confirm`):
 * open while `ask` is there; closing it is the cancel.
 */
export function QuestionDialog(props: {
  ask: { questions: string[]; confirm: () => void; cancel: () => void } | null;
  title: string;
  cancelLabel: string;
  confirmLabel: string;
  /** The yes clears something (red). */
  danger?: boolean;
}) {
  const { ask } = props;
  return (
    <Modal opened={ask !== null} onClose={() => ask?.cancel()} title={props.title} centered>
      <Stack>
        {/* A question may list points, one per line (the bank statements' requirements). */}
        {ask?.questions.map((question) => (
          <Text key={question} style={{ whiteSpace: 'pre-line' }}>
            {question}
          </Text>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => ask?.cancel()}>
            {props.cancelLabel}
          </Button>
          <Button
            color={props.danger ? 'red' : undefined}
            onClick={() => ask?.confirm()}
            data-autofocus={props.danger ? undefined : true}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
