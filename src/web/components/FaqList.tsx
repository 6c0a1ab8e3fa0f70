/**
 * Questions and answers, each answer folded under its question (the disputes FAQ, how payout reports work,
 * capital's FAQ): one look for every area's FAQ (issue 57).
 */
import { Accordion, Text } from '@mantine/core';

export interface FaqItem {
  q: string;
  a: string;
}

/**
 * An area's questions as its texts hold them: a list of `{ q, a }` under one key (`faq.items`); none when the key
 * holds something else (a catalogue mistake shows an empty FAQ, not a crash).
 */
export function faqItems(
  t: (key: string, options: { returnObjects: true }) => unknown,
  key: string,
): FaqItem[] {
  const items = t(key, { returnObjects: true });
  return Array.isArray(items) ? (items as FaqItem[]) : [];
}

export function FaqList(props: {
  items: readonly FaqItem[];
  /** The first answer shown open (a page that is only the FAQ); all folded in a card beside other things. */
  firstOpen?: boolean;
  testId?: string;
}) {
  return (
    <Accordion
      variant="separated"
      radius="md"
      multiple
      defaultValue={props.firstOpen ? ['0'] : []}
      data-testid={props.testId}
    >
      {props.items.map((item, i) => (
        <Accordion.Item key={i} value={String(i)}>
          <Accordion.Control>{item.q}</Accordion.Control>
          <Accordion.Panel>
            <Text size="sm">{item.a}</Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
