/** Pages the mobile app opens in its webview (disputes FAQ, auth): built with the mobile-app issue. */
import { Center } from '@mantine/core';
import { NotAvailableYet } from '../components/NotAvailableYet';

export function WebviewPage() {
  return (
    <Center mih="100vh" px="md">
      <NotAvailableYet />
    </Center>
  );
}
