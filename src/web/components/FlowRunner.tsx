/** The wizard engine on one draft of the generic drafts API (loaded lazily by FlowForm). */
import { useMemo } from 'react';
import { draftAdapter, resendDraftCode, type DraftView } from '../api/drafts';
import { connectorServices, widgetServices } from '../api/widgetServices';
import { WizardRunner } from '../../engine/react/WizardRunner';

/** Its adapter is made once: the runner opens a draft once per adapter. */
export function FlowRunner(props: {
  draft: DraftView;
  basePath: string;
  onEnd: () => void;
  onLead?: (id: string) => void;
}) {
  const adapter = useMemo(() => draftAdapter(props.draft), [props.draft]);
  // A code field's resend is the flow's own action on this draft (the server's hooks say what it sends); the
  // IBAN to confirm is the one the server knows (its fact `known_iban`); a connector connects for the
  // merchant the draft is about (its fact `merchant_id`).
  const services = useMemo(() => {
    const facts = (props.draft.data.$facts ?? {}) as Record<string, unknown>;
    const known = facts.known_iban;
    return {
      ...widgetServices,
      resendOtp: () => resendDraftCode(props.draft),
      ...(typeof known === 'string' ? { knownIban: known } : {}),
      ...(typeof facts.merchant_id === 'string' ? connectorServices(facts.merchant_id) : {}),
    };
  }, [props.draft]);
  return (
    <WizardRunner
      flowId={props.draft.flow}
      adapter={adapter}
      basePath={props.basePath}
      services={services}
      onEnd={props.onEnd}
      onLead={props.onLead}
    />
  );
}
