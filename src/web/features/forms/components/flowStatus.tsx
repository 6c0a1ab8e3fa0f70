/**
 * A flow's title, and what a draft's status means for its screens.
 */
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { translateFlowText, type FlowLoader } from '../../../../engine/react/browserFlowSource';

/** Flows whose screens live elsewhere (the spec's own addresses; capital's are on its subject's pages). */
export const OWN_SCREENS: Record<string, string> = {
  onboarding: '/applications',
  'capital-waitlist': '/finance/capital/waitlist',
  'capital-reset': '/finance/capital/loans',
  'capital-simple': '/finance/capital/offers',
};

/** The flow's title in the page header (from its version's texts). */
export function FlowTitle(props: { loader: FlowLoader }) {
  const { t } = useTranslation(['common']);
  return (
    <PageHeader
      title={translateFlowText(t, props.loader.textNamespace, props.loader.manifest.definition.title)}
    />
  );
}
