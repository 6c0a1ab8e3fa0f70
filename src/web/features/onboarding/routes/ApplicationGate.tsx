/**
 * Where an applicant belongs (onboarding spec §2): the form, or the application as sent.
 */
import { Navigate } from 'react-router';
import { WithApplication } from '../components/WithApplication';

export function ApplicationGate() {
  return (
    <WithApplication>
      {(application) =>
        !application ? (
          <Navigate to="/" replace />
        ) : application.status === 'draft' ? (
          <Navigate to="/applications/step" replace />
        ) : (
          <Navigate to="/applications/view" replace />
        )
      }
    </WithApplication>
  );
}
