/**
 * A capital page's frame (the loans, an offer, the offers, the waitlist): while what it needs loads, skeleton
 * blocks in the page's shape; a 403 is capital's own notice, a 404 or a failure the error page — the shared
 * `DetailFrame` with capital's breadcrumb and skeleton.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DetailFrame,
  DetailSkeleton,
  type Crumbs,
  type DetailQuery,
  type SkeletonBlock,
} from '../../../components/DetailFrame';
import { useCapitalBase } from '../api';

const SKELETON: { testId: string; blocks: SkeletonBlock[] } = {
  testId: 'capital-loading',
  blocks: [{ h: 28, w: '40%' }, 140, 120],
};

/** Grey blocks where a capital page's parts will be (a flow's page once sent, an offer with its application). */
export function PageLoading() {
  return <DetailSkeleton {...SKELETON} />;
}

export function CapitalFrame<T>(props: {
  query: DetailQuery<T>;
  /** The page's title with capital's breadcrumb above what the page draws (else the page draws its header). */
  title?: string;
  children: (data: T, crumbs: Crumbs) => ReactNode;
}) {
  const { t } = useTranslation('capital');
  const base = useCapitalBase();
  return (
    <DetailFrame
      query={props.query}
      area={{ title: t('crumb.capital'), to: base }}
      t={t}
      skeleton={SKELETON}
      title={props.title}
    >
      {props.children}
    </DetailFrame>
  );
}
