/**
 * The application's old addresses, sent to the form.
 */
import { Navigate } from 'react-router';

export function ToApplication() {
  return <Navigate to="/applications" replace />;
}
