/**
 * What a call says of the browser it came from, for form events (domain/formEvents.ts): the language the app
 * shows (the cookie it writes beside its own storage, else the browser's) and the device's class from its
 * User-Agent. Nothing that tells who it is.
 */
import type { FastifyRequest } from 'fastify';
import { acceptedLanguages } from '../../domain/bootFrame';
import { deviceClassOf, type CallerMeta } from '../../domain/formEvents';
import { LANGUAGE_COOKIE, resolveLanguage } from '../../domain/language';

export function callerMeta(request: FastifyRequest): CallerMeta {
  return {
    lang: resolveLanguage({
      stored: request.cookies[LANGUAGE_COOKIE] ?? null,
      browser: acceptedLanguages(request.headers['accept-language']),
    }),
    device: deviceClassOf(request.headers['user-agent']),
  };
}
