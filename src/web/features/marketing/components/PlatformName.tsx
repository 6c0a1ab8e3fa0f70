/** An e-commerce platform's name (the 24 of onboarding spec §9), as the onboarding form writes it. */
import { useTranslation } from 'react-i18next';

export function PlatformName(props: { platform: string }) {
  const { t } = useTranslation('marketing');
  return <bdi>{t(`platform.${props.platform}`, { defaultValue: props.platform })}</bdi>;
}
