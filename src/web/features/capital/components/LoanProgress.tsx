/**
 * A loan's progress bar (capital spec §2 Loan detail): the share repaid of the amount with VAT.
 */
import { Stack, Text, Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { progress } from '../../../../domain/capital/loans';
import type { Loan } from '../../../../domain/capital/types';

export function LoanProgress(props: { loan: Pick<Loan, 'paid_amount' | 'amount_vat'> }) {
  const { t } = useTranslation('capital');
  const percent = progress(props.loan);
  return (
    <Stack gap={4}>
      <Progress
        value={percent}
        color="teal"
        size="lg"
        radius="xl"
        aria-label={t('loan.progress', { percent })}
      />
      <Text size="sm" c="dimmed" data-testid="progress">
        {t('loan.progress', { percent })}
      </Text>
    </Stack>
  );
}
