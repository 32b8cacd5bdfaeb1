// When the storage sweep runs: once as soon as the server listens, then every `everyHours`.
// Tied to listening, not to `ready`, so startup never waits for it and apps that only answer
// app.inject() (the tests) never sweep on their own.
import type { FastifyInstance } from 'fastify';
import type { UploadsService } from './uploads.service.ts';

const HOUR_MS = 60 * 60 * 1000;

export function scheduleStorageSweeps(app: FastifyInstance, uploads: UploadsService, everyHours: number) {
  if (everyHours <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  function run() {
    if (running) return; // still busy with the previous run
    running = uploads
      .sweep()
      .then(
        () => undefined,
        (error: unknown) => app.log.error({ err: error }, 'storage sweep failed'),
      )
      .finally(() => {
        running = null;
      });
  }

  app.addHook('onListen', async () => {
    run();
    timer = setInterval(run, everyHours * HOUR_MS).unref();
  });
  // onClose hooks run last-registered first, so this one finishes before the database closes.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
