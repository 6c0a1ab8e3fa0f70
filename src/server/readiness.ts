/**
 * Whether this instance takes new work (issue 37, docs/scaling.md "Health and readiness"): a load balancer asks
 * `GET /ready`. The server listens only once migrations, the catalogue and the compiled flows are done, so before
 * that there is nothing to answer (connection refused: not ready); on SIGTERM it turns `draining` — /ready answers
 * 503 while every other request is still served — for SHUTDOWN_DRAIN_MS, then closes (Fastify answers 503 to
 * what still arrives, the chat's sockets close with 1012 "service restart", and clients reconnect elsewhere).
 */
export function createReadiness(startedAt: number = Date.now()) {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    /** Listening: ready, and how long the start took (milliseconds from the process's start). */
    ready(now = Date.now()) {
      return now - startedAt;
    },
    drain() {
      draining = true;
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
