// Stopping the server (SIGTERM, as a service manager does) while a member's answer is streaming
// and a keep-alive connection is busy: it exits 0 within the grace period, and the answer that
// had begun is kept, marked incomplete.
import { rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAiServer, fakeAiEnv, startFakeAiServer } from '#server/test/fake-ai-server.ts';
import { createMemberOverHttp } from '#server/test/http-members.ts';
import { type ServerProcess, startServerProcess } from '#server/test/server-process.ts';
import { makeTempDir } from '#server/test/test-app.ts';

describe('graceful shutdown', () => {
  let fake: FakeAiServer;
  let server: ServerProcess | undefined;
  const dataDir = makeTempDir('sahifa-shutdown-');

  beforeAll(async () => {
    fake = await startFakeAiServer();
    server = await startServerProcess({ dataDir, env: fakeAiEnv(fake, 'gemini') });
  });
  afterAll(async () => {
    await server?.kill();
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('ends a streaming answer, keeps what arrived, and exits 0', async () => {
    if (!server) throw new Error('no server');
    const member = await createMemberOverHttp(server.baseUrl, dataDir);
    const headers = { origin: server.baseUrl, cookie: member.cookie, 'content-type': 'application/json' };
    const created = await fetch(`${server.baseUrl}/api/v1/assistant/conversations`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    const { id } = (await created.json()) as { id: string };

    // The model sends a few words, then nothing: the answer would wait AI_TIMEOUT_SECONDS (60).
    fake.script({ kind: 'hang', tokens: ['Marcus ', 'ruled ', 'Rome '] });
    const res = await fetch(`${server.baseUrl}/api/v1/assistant/conversations/${id}/messages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ text: 'Who wrote the Meditations?' }),
    });
    const reader = res.body?.getReader();
    let seen = '';
    while (!seen.includes('Rome')) seen += new TextDecoder().decode((await reader?.read())?.value);

    const started = Date.now();
    const code = await server.stop();
    expect(code, server.output()).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    server = undefined;

    const db = new Database(path.join(dataDir, 'sahifa.db'), { readonly: true });
    try {
      const answer = db
        .prepare(
          "select text, status from assistant_message where conversation_id = ? and role = 'assistant'",
        )
        .get(id);
      expect(answer).toEqual({ text: 'Marcus ruled Rome ', status: 'incomplete' });
    } finally {
      db.close();
    }
  });
});
