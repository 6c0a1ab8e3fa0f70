import { Group } from '@mantine/core';
import { Logo } from '../../../components/Logo';
import { LanguageToggle } from '../../../components/LanguageToggle';

/** Header of the auth pages: logo and language toggle (shell spec §2.1). */
export function AuthHeader() {
  return (
    <Group component="header" justify="space-between" px="lg" py="md" wrap="nowrap">
      <Logo />
      <LanguageToggle />
    </Group>
  );
}
