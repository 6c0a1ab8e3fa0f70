/**
 * An instant as its day (listText.ts), isolated left to right inside Arabic text.
 */
import { useTranslation } from 'react-i18next';
import { langOf, dayText } from './listText';

export function Day(props: { iso: string }) {
  const { i18n } = useTranslation();
  return <bdi dir="ltr">{dayText(props.iso, langOf(i18n.language))}</bdi>;
}
