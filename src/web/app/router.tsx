/**
 * The route table. Every screen is its own chunk (`lazy`), so the sign-in
 * page does not carry the dashboard's code.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './RootLayout';
import { RenderErrorPage } from '../components/RenderErrorPage';
import { signedInRoutes } from './shell/routes';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RenderErrorPage />,
    children: [
      // The signed-in layout and everything in it (spec §2.6); its code loads after sign-in.
      {
        lazy: () => import('./shell/AppLayout').then((m) => ({ Component: m.SignedInLayout })),
        children: signedInRoutes,
      },
      {
        path: 'logout/:source?',
        lazy: () => import('./LogoutPage').then((m) => ({ Component: m.LogoutPage })),
      },
      // The money area lives inside the mobile app's webview only (spec §2.6); in a browser it is root.
      { path: 'money/*', element: <Navigate to="/" replace /> },
      {
        path: 'webview/*',
        lazy: () => import('./WebviewPage').then((m) => ({ Component: m.WebviewPage })),
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
