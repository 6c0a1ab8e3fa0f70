/**
 * The signed-in pages' data cache: one react-query client, made when those pages first load (the sign-in page
 * does not carry react-query). It is emptied whenever the app clears its local state (logout, a 401).
 */
import { createQueryClient } from '../queryClient';
import { onLocalStateCleared } from '../session';

export const queryClient = createQueryClient();
onLocalStateCleared(() => queryClient.clear());
