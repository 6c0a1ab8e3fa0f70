/**
 * {capital_base}: where the merchant belongs (capital spec §2 entry redirect rules).
 */
import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { ErrorPage } from '../../../components/ErrorPage';
import { handOffState } from '../../../components/areaHandOff';
import { useApplicationRecords, useCapitalBase, useLoans, useOffers } from '../api';
import { useCapitalEvents } from '../events';
import { useExperiments } from '../../../api/experiments';
import { entryTarget, fakeDoorOpen, sendsPageOpened, type Loaded } from '../../../../domain/capital/entry';

const loaded = <T,>(q: { isPending: boolean; isError: boolean; data?: T[] }): Loaded<T> =>
  q.isPending
    ? { state: 'loading' }
    : q.isError
      ? { state: 'failed' }
      : { state: 'done', items: q.data ?? [] };

/** {capital_base}: where the merchant belongs (§2 entry redirect rules). */
export function CapitalEntry() {
  const base = useCapitalBase();
  const experiments = useExperiments();
  const loans = useLoans();
  const offers = useOffers();
  const applications = useApplicationRecords();
  const track = useCapitalEvents();
  const requests = [loaded(loans), loaded(offers), loaded(applications)] as const;
  const opened = useRef(false);
  const allDone = sendsPageOpened(requests);
  useEffect(() => {
    if (allDone && !opened.current) {
      opened.current = true;
      track('Capital Page Opened', { page: 'entry' });
    }
  }, [allDone, track]);
  if (experiments.isPending) return null;
  const target = entryTarget({
    fakeDoor: fakeDoorOpen(experiments.data ?? []),
    loans: requests[0],
    offers: requests[1],
    applications:
      requests[2].state === 'done'
        ? { state: 'done', items: requests[2].items.map((r) => ({ id: r.application.application_id })) }
        : requests[2],
  });
  switch (target.to) {
    case 'blank':
      return <div aria-busy="true" data-testid="capital-entry-blank" />;
    case 'not_found':
      return <ErrorPage status={404} />;
    case 'waitlist':
      return <Navigate to={`${base}/waitlist`} replace />;
    case 'payouts':
      // Spec §2: all empty goes to the completed payouts page — which says why, with Capital kept highlighted.
      return <Navigate to="/finance/payouts/completed" replace state={handOffState('capital')} />;
    case 'application':
      return <Navigate to={`${base}/applications/${target.id}`} replace />;
    case 'loan':
      return <Navigate to={`${base}/loans/${target.id}`} replace />;
    case 'offer':
      return <Navigate to={`${base}/offers/${target.id}`} replace />;
    case 'loans':
      return <Navigate to={`${base}/loans`} replace />;
  }
}
