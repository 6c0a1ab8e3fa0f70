/**
 * A loan's contract and money (docs/capital.md "From approval to money"): the signed contract to download, where the
 * advance was paid (or that it waits for the payout run, or for the bank's mandate), the direct debit's status and
 * the signatory's phone with its change. Only for a loan taken inside the product or with a direct debit.
 */
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractPdfUrl } from '../../../api/contracts';
import { Day } from '../../../components/Day';
import type { Loan } from '../../../../contract/capital';
import { isDirectDebit } from '../../../../domain/capital/types';
import { SignatoryPhoneDialog } from './SignatoryPhoneDialog';

function Fact(props: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div data-testid={props.testId}>
      <Text size="sm" c="dimmed">
        {props.label}
      </Text>
      <Text fw={600} component="div" style={{ overflowWrap: 'anywhere' }}>
        {props.children}
      </Text>
    </div>
  );
}

export function LoanMoneyCard({ loan }: { loan: Loan }) {
  const { t } = useTranslation(['capital-money', 'capital', 'contracts']);
  const [changing, setChanging] = useState(false);
  const dd = isDirectDebit(loan);
  const d = loan.disbursement;
  if (!loan.contract_id && !dd) return null;
  const where =
    d?.destination === 'wallet' ? t('money.wallet') : [d?.iban, d?.bank_name].filter(Boolean).join(' · ');
  const mandate = loan.direct_debit?.status;
  const phone = loan.authorized_signatory?.phone;
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="loan-money">
      <Title order={2} size="h4" mb="sm">
        {t('money.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {d && (
          <Fact label={d.at ? t('money.paidOutTo') : t('money.payout')} testId="disbursement">
            {d.at ? (
              <Stack gap={0}>
                <bdi>{where}</bdi>
                <Text size="sm" c="dimmed" component="span">
                  <Day iso={d.at} />
                </Text>
              </Stack>
            ) : (
              <Text size="sm" fw={400}>
                {loan.status === 'waiting_for_dda' ? t('money.waitingDda') : t('money.waiting', { where })}
              </Text>
            )}
          </Fact>
        )}
        {dd && mandate && (
          <Fact label={t('money.mandate')} testId="mandate">
            <span data-mandate={mandate}>
              {t(`money.mandateStatus.${mandate}`, { defaultValue: mandate })}
            </span>
          </Fact>
        )}
        {phone && (
          <Fact label={t('money.signatory')} testId="signatory-phone">
            <Group gap="xs">
              <span dir="ltr">{phone}</span>
              {loan.status !== 'closed' && (
                <Button variant="subtle" size="compact-sm" onClick={() => setChanging(true)}>
                  {t('money.changePhone')}
                </Button>
              )}
            </Group>
          </Fact>
        )}
      </SimpleGrid>
      {loan.contract_id && (
        <Anchor
          href={contractPdfUrl(loan.contract_id, 'signed', true)}
          size="sm"
          mt="md"
          display="inline-block"
          data-testid="loan-contract"
        >
          <Group gap={4} wrap="nowrap">
            <IconDownload size={16} />
            {t('contracts:signing.downloadSigned')}
          </Group>
        </Anchor>
      )}
      {changing && <SignatoryPhoneDialog loanId={loan.id} onClose={() => setChanging(false)} />}
    </Card>
  );
}
