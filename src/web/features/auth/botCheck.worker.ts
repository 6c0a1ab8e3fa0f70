/** Solves a bot-check challenge off the main thread, so the sign-in page stays responsive while it works. */
import { solveBotCheck, type BotChallenge } from '../../../domain/botCheck';

self.onmessage = async (event: MessageEvent<BotChallenge>) => {
  try {
    self.postMessage({ token: await solveBotCheck(event.data) });
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
