/**
 * The shell's first answers for a signed-in page's HTML (domain/firstAnswers.ts): each of FIRST_QUESTIONS asked of
 * this server as the page's browser would ask it (its cookies and languages), through the same routes, hooks and
 * checks, so an answer in the page is the one the app would have been given a moment later. Only answers the
 * browser would have had as a success are sent: an ended session, a question the member may not ask or a failure
 * leaves that question to the app, which asks it and meets the refusal as it always has.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FIRST_QUESTIONS, followingQuestions, type FirstAnswers } from '../../domain/firstAnswers';

/** The request's headers a question's answer may depend on (who asks, in which language); where from is its ip. */
const CARRIED = ['cookie', 'accept-language', 'user-agent'] as const;

/**
 * How long the page waits for the answers (ms): a question slower than this is left for the app to ask, so a slow
 * database never holds the page's frame back by more.
 */
export const FIRST_ANSWERS_WAIT_MS = 1000;

export async function firstAnswersFor(
  app: FastifyInstance,
  request: FastifyRequest,
  waitMs = FIRST_ANSWERS_WAIT_MS,
): Promise<FirstAnswers> {
  const headers: Record<string, string> = {};
  for (const name of CARRIED) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  let timer: NodeJS.Timeout | undefined;
  let late = false;
  const deadline = new Promise<undefined>(
    (resolve) =>
      (timer = setTimeout(() => {
        late = true;
        resolve(undefined);
      }, waitMs)),
  );
  const ask = async (urls: readonly string[]): Promise<FirstAnswers> => {
    const answers = await Promise.all(
      urls.map((url) =>
        Promise.race([
          app
            .inject({ method: 'GET', url, headers, remoteAddress: request.ip })
            .then((answer) =>
              answer.statusCode === 200 && /^application\/json\b/.test(answer.headers['content-type'] ?? '')
                ? ([url, answer.json() as unknown] as const)
                : undefined,
            )
            // A question that fails here is the app's to ask (and to meet the failure as it always has).
            .catch(() => undefined),
          deadline,
        ]),
      ),
    );
    return Object.fromEntries(answers.filter((entry) => entry !== undefined));
  };
  // The first questions, then what their answers unlock (the experiments, the first store's products), within
  // the one deadline: each wave asked here is a round trip the phone does not make.
  const first = await ask(FIRST_QUESTIONS);
  // Past the deadline nothing more would be waited for: the second wave is not asked at all.
  const following = late ? {} : await ask(followingQuestions(first));
  clearTimeout(timer);
  return { ...first, ...following };
}
