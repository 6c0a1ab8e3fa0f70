/**
 * The dashboard (onboarding spec §1): the gate, then the home.
 */
import { WithGate } from '../components/WithGate';
import { DashboardHome } from './DashboardHome';

export function DashboardIndex() {
  return <WithGate page="index">{(onboarding) => <DashboardHome onboarding={onboarding} />}</WithGate>;
}
