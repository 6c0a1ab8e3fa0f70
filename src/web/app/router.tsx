/**
 * The route table. Every screen is its own chunk (`lazy`), so the sign-in
 * page does not carry the dashboard's code.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './RootLayout';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      // Signed in: the interim home until the authenticated layout exists; otherwise sign-in.
      {
        index: true,
        lazy: () => import('./InterimHome').then((m) => ({ Component: m.InterimHomePage })),
      },
      {
        path: 'auth/:step?',
        lazy: () => import('../features/auth/routes/AuthPage').then((m) => ({ Component: m.AuthPage })),
      },
      // Development and QA pages; the server answers 404 for every /dev address in production.
      {
        path: 'dev/catalogue',
        lazy: () =>
          import('../features/dev/routes/CatalogueDevPage').then((m) => ({ Component: m.CatalogueDevPage })),
      },
      {
        path: 'dev/wizard/:flowId/:stepId?',
        lazy: () =>
          import('../features/dev/routes/WizardPlayground').then((m) => ({ Component: m.WizardPlayground })),
      },
      // Spec shell §2.6: a catch-all to root.
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
