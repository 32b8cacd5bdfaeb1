import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '#server/test/test-app.ts';
import { sharedPing } from './health.routes.ts';

describe.each(engines)('GET /api/health on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is ok when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers checks that arrive together', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => t.app.inject({ method: 'GET', url: '/api/health' })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(50).fill(200));
  });

  it('is 503 with a JSON error when the database is gone', async () => {
    await t.db.destroy();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is not reachable.' },
    });
  });
});

describe('sharedPing', () => {
  /** A ping per call, each answered when the test says. */
  function pings() {
    const started: ((up: boolean) => void)[] = [];
    const ping = () => new Promise<boolean>((resolve) => started.push(resolve));
    return { ping, started };
  }

  it('answers a check with a ping that started after it arrived, shared by those that came meanwhile', async () => {
    const { ping, started } = pings();
    const check = sharedPing(ping);
    const first = check();
    const second = check();
    const third = check();
    expect(started).toHaveLength(1);

    // The database went down while the first ping ran: the checks that came during it must see that.
    started[0]?.(true);
    expect(await first).toBe(true);
    await Promise.resolve();
    expect(started).toHaveLength(2);
    started[1]?.(false);
    expect(await second).toBe(false);
    expect(await third).toBe(false);

    // Once nothing runs, the next check pings at once.
    const fourth = check();
    expect(started).toHaveLength(3);
    started[2]?.(true);
    expect(await fourth).toBe(true);
  });

  it('runs a ping that answers at once for every check, each seeing the database as it is then', () => {
    let up = true;
    let pinged = 0;
    const check = sharedPing(() => {
      pinged++;
      return up;
    });
    expect(check()).toBe(true);
    up = false;
    expect(check()).toBe(false);
    expect(pinged).toBe(2);
  });
});
