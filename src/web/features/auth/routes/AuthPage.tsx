import { Box, Center } from '@mantine/core';
import { AuthHeader } from '../components/AuthHeader';
import { NotAvailableYet } from '../../../components/NotAvailableYet';

/** The sign-in page. Its steps arrive with the sign-in issue; until then it says so plainly. */
export function AuthPage() {
  return (
    <Box mih="100vh" bg="gray.0">
      <AuthHeader />
      <Center component="main" px="md" py={48}>
        <NotAvailableYet />
      </Center>
    </Box>
  );
}
