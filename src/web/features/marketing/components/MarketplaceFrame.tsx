/**
 * A page of marketing over the marketplace's answer (the draft's state, the marketplace): the area's frame, its
 * loading, refusal and failure, then the page drawn from the answer.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailFrame } from '../../../components/DetailFrame';
import type { MarketplaceAnswer } from '../../../../contract/marketing';
import { useMarketplace } from '../api';

export function MarketplaceFrame(props: {
  title: string;
  /** The skeleton's test id and the heights of its blocks under the title. */
  loading: { testId: string; height: number };
  children: (data: MarketplaceAnswer) => ReactNode;
}) {
  const { t } = useTranslation('marketing');
  const query = useMarketplace();
  return (
    <DetailFrame
      query={query}
      area={{ title: t('title'), to: '/marketing' }}
      t={t}
      skeleton={{ testId: props.loading.testId, blocks: [{ h: 36, w: 240 }, props.loading.height] }}
      title={props.title}
    >
      {props.children}
    </DetailFrame>
  );
}
