// patches/fastify+5.12.8.patch (decision 026): a plugin that decorates nothing makes its requests
// and replies with the root's classes, as Fastify means it to, even though the root is decorated
// (Sahifa's is: memberLookup, the rate limit's and compression's decorators, TRUST_PROXY). Unpatched,
// every plugin made its own, and code that every route shares saw one shape per module.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { expect, it } from 'vitest';

/** Each URL's request and reply classes, numbered in order of first sight (0: the root route's). */
async function classesSeen(urls: string[], build: (app: FastifyInstance) => void) {
  const app = Fastify({ logger: false, trustProxy: true });
  app.decorateRequest('memberLookup', null);
  const requests: object[] = [];
  const replies: object[] = [];
  const seen: Record<string, [number, number]> = {};
  const numbered = (classes: object[], prototype: object) =>
    classes.includes(prototype) ? classes.indexOf(prototype) : classes.push(prototype) - 1;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    seen[request.url] = [
      numbered(requests, Object.getPrototypeOf(request)),
      numbered(replies, Object.getPrototypeOf(reply)),
    ];
  });
  app.get('/root', async () => 'ok');
  build(app);
  await app.ready();
  for (const url of ['/root', ...urls]) {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(200);
  }
  await app.close();
  return seen;
}

it("gives the requests and replies of plugins that decorate nothing the root's classes", async () => {
  const seen = await classesSeen(['/a', '/b', '/c', '/c/nested'], (app) => {
    app.register(async (plugin) => {
      plugin.get('/a', async () => 'ok');
    });
    app.register(async (plugin) => {
      plugin.addHook('onRequest', async () => {});
      plugin.get('/b', async () => 'ok');
    });
    app.register(async (plugin) => {
      plugin.get('/c', async () => 'ok');
      plugin.register(async (nested) => {
        nested.get('/c/nested', async () => 'ok');
      });
    });
  });
  expect(seen).toEqual({ '/root': [0, 0], '/a': [0, 0], '/b': [0, 0], '/c': [0, 0], '/c/nested': [0, 0] });
});

it('keeps its own classes for a plugin that decorates, and for the plugins inside it', async () => {
  const seen = await classesSeen(['/a', '/c', '/c/nested'], (app) => {
    app.register(async (plugin) => {
      plugin.get('/a', async () => 'ok');
    });
    app.register(async (plugin) => {
      plugin.decorateRequest('upload', null);
      plugin.decorateReply('sendUpload', null);
      plugin.get('/c', async () => 'ok');
      plugin.register(async (nested) => {
        nested.get('/c/nested', async () => 'ok');
      });
    });
  });
  expect(seen).toEqual({ '/root': [0, 0], '/a': [0, 0], '/c': [1, 1], '/c/nested': [1, 1] });
});
