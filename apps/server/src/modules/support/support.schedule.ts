// When support's unsent mail is tried again: once as soon as the server listens (a restart may
// have cut a try short), then every few minutes. Tied to listening, not to `ready`, so apps that
// only answer app.inject() (the tests) never retry on their own; tests call the service directly.
import type { FastifyInstance } from 'fastify';
import type { SupportService } from './support.service.ts';

const RETRY_EVERY_MS = 5 * 60 * 1000;

export function scheduleSupportMailRetries(app: FastifyInstance, support: SupportService) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  function run() {
    if (running) return; // still busy with the previous run
    running = support
      .retryUnsentMail()
      .then(
        () => undefined,
        (error: unknown) => app.log.error({ err: error }, 'support mail retry failed'),
      )
      .finally(() => {
        running = null;
      });
  }

  app.addHook('onListen', async () => {
    run();
    timer = setInterval(run, RETRY_EVERY_MS).unref();
  });
  // onClose hooks run last-registered first, so this one finishes before the database closes.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
