/** The signed-in shell's data for the pages and gates inside it. */
import { createContext, useContext } from 'react';
import type { ShellData } from './useShell';

export const ShellContext = createContext<ShellData | null>(null);

export function useShellData(): ShellData {
  const data = useContext(ShellContext);
  if (!data) throw new Error('useShellData outside the signed-in layout');
  return data;
}
