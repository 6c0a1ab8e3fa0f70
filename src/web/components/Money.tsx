/**
 * An amount with its currency's decimals (onboarding spec §9), isolated left to right inside Arabic text.
 */
import { useTranslation } from 'react-i18next';
import { money } from '../../domain/capital/format';
import { langOf } from './listText';

export function Money(props: { amount: string | number; currency: string }) {
  const { i18n } = useTranslation();
  return <bdi dir="ltr">{money(Number(props.amount), props.currency, langOf(i18n.language))}</bdi>;
}
