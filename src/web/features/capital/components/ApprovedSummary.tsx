/**
 * An approved application's summary (capital spec §2 Approved summary).
 */
import { type ReactNode } from 'react';
import { Accordion, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ContactLink } from '../../../components/ContactLink';
import { exampleSchedule } from '../../../../domain/capital/quote';
import { capitalDate, money, type Lang } from '../../../../domain/capital/format';
import { type CapitalApplication } from '../api';
import { Money } from './Money';

function Row(props: { label: string; value: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w="45%" fw={500} c="dimmed">
        {props.label}
      </Table.Th>
      <Table.Td>{props.value}</Table.Td>
    </Table.Tr>
  );
}

/** IBAN in groups of four (left to right in both languages). */
const groupedIban = (iban: string) => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

/** §2 Approved summary: borrower, loan terms, and the accordion with the 5-week example. */
export function ApprovedSummary(props: { application: CapitalApplication; iban: string | null }) {
  const { t, i18n } = useTranslation('capital');
  const lang = i18n.language as Lang;
  const a = props.application;
  const terms = a.loan_terms;
  const none = t('summary.none');
  const ltr = (text: string | undefined | null) =>
    text ? (
      <span dir="ltr" style={{ unicodeBidi: 'isolate' }}>
        {text}
      </span>
    ) : (
      none
    );
  const now = new Date();
  return (
    <Stack gap="lg" data-testid="approved-summary">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SummaryCard title={t('summary.borrower')}>
          <Row label={t('summary.name')} value={a.legal_info?.company_name ?? none} />
          <Row label={t('summary.licence')} value={ltr(a.legal_info?.cr_number)} />
          <Row label={t('summary.address')} value={a.legal_info?.company_address ?? none} />
          <Row label={t('summary.phone')} value={ltr(a.authorized_signatory?.phone)} />
          <Row label={t('summary.email')} value={ltr(a.authorized_signatory?.email)} />
          <Row
            label={t('summary.guarantor')}
            value={a.guarantor?.name ?? a.authorized_signatory?.name ?? none}
          />
          <Row label={t('summary.iban')} value={ltr(props.iban ? groupedIban(props.iban) : null)} />
        </SummaryCard>
        {terms && (
          <SummaryCard title={t('summary.terms')}>
            <Row
              label={t('summary.principal')}
              value={<Money amount={terms.amount} currency={terms.currency} />}
            />
            <Row label={t('summary.currency')} value={terms.currency} />
            <Row label={t('summary.feePercent')} value={ltr(`${terms.fee_percent}%`)} />
            <Row
              label={t('summary.feeTotal')}
              value={<Money amount={terms.fee_amount} currency={terms.currency} />}
            />
            <Row
              label={t('summary.minimum')}
              value={<Money amount={terms.minimum_repayment_amount} currency={terms.currency} />}
            />
            <Row label={t('summary.period')} value={t('summary.periodValue', { count: terms.tenor })} />
            <Row label={t('summary.start')} value={capitalDate(terms.start_date, now, lang)} />
            <Row label={t('summary.end')} value={capitalDate(terms.end_date, now, lang)} />
          </SummaryCard>
        )}
      </SimpleGrid>
      <Accordion variant="separated" radius="md">
        <Accordion.Item value="how">
          <Accordion.Control>{t('summary.howRepaid')}</Accordion.Control>
          <Accordion.Panel>{t('summary.howRepaidBody')}</Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="example">
          <Accordion.Control>{t('summary.example')}</Accordion.Control>
          <Accordion.Panel>
            <Text size="sm" mb="xs">
              {t('summary.exampleBody')}
            </Text>
            <Table data-testid="example-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('summary.exWeek')}</Table.Th>
                  <Table.Th>{t('summary.exRepayment')}</Table.Th>
                  <Table.Th>{t('summary.exLeft')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {exampleSchedule().map((row) => (
                  <Table.Tr key={row.week}>
                    <Table.Td>{row.week}</Table.Td>
                    <Table.Td dir="ltr">{money(row.repayment, 'AED', lang, { whole: true })}</Table.Td>
                    <Table.Td dir="ltr">{money(row.left, 'AED', lang, { whole: true })}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="complaints">
          <Accordion.Control>{t('summary.complaints')}</Accordion.Control>
          <Accordion.Panel>
            {t('summary.complaintsBody')} <ContactLink mailbox="capital_email" />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="warnings">
          <Accordion.Control>{t('summary.warnings')}</Accordion.Control>
          <Accordion.Panel>{t('summary.warningsBody')}</Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}

/** One side of the summary: its title over a table of label and value rows. */
function SummaryCard(props: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} size="h4" mb="sm">
        {props.title}
      </Title>
      <Table>
        <Table.Tbody>{props.children}</Table.Tbody>
      </Table>
    </Card>
  );
}
