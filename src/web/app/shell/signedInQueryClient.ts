/**
 * The signed-in pages' data cache: one react-query client, made when those pages first load (the sign-in page
 * does not carry react-query). It is emptied whenever the app clears its local state (logout, a 401), and the
 * support chat's connection with it.
 */
import { createQueryClient } from '../createQueryClient';
import { onLocalStateCleared } from '../session';
import { chat } from '../../api/chat';
import { onSessionStarted } from '../../api/accountKey';
import { answerFrom } from '../../api/client';
import { takeFirstAnswer } from '../../api/firstAnswers';

export const queryClient = createQueryClient();
// The shell's first answers the server wrote into the page, taken before the network is asked (issue 54).
answerFrom(takeFirstAnswer);
onLocalStateCleared(() => queryClient.clear());
// A session started on the sign-in page: what was cached signed out (the account's null) no longer holds.
onSessionStarted(() => queryClient.clear());
// Logout resets the chat session (spec §4): the connection ends and its messages are forgotten.
onLocalStateCleared(() => chat.stop());
