/** A campaign's state as a badge (docs/ads.md), for merchants and ads ops: running green, paused grey, stopped red. */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CampaignState } from '../../domain/ads';

const COLOR: Record<CampaignState, string> = { active: 'green', paused: 'gray', stopped: 'red' };

export function CampaignStateBadge(props: { state: CampaignState }) {
  const { t } = useTranslation('ads');
  return (
    <Badge variant="light" color={COLOR[props.state]} style={{ flexShrink: 0 }} data-testid="campaign-state">
      {t(`state.${props.state}`)}
    </Badge>
  );
}
