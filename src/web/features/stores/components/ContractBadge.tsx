/**
 * Whether a store's contract is signed, as a badge.
 */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ContractBadge(props: { signed: boolean }) {
  const { t } = useTranslation('stores');
  return (
    <Badge
      variant="light"
      color={props.signed ? 'teal' : 'yellow'}
      data-contract={props.signed ? 'signed' : 'unsigned'}
    >
      {props.signed ? t('contract.signed') : t('contract.unsigned')}
    </Badge>
  );
}
