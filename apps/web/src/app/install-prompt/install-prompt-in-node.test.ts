// The install prompt is part of every page, and pages are rendered in Node too: the public pages
// at build time, members' pages by the server. Node has no window, but Node 21+ has a `navigator`
// of its own, which must not be taken for a browser's (the build failed on Node 22 and 24).
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it, vi } from 'vitest';
import { InstallPrompt } from './InstallPrompt.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

it('renders nothing in Node, which has a navigator (Node 21+) but no window', () => {
  vi.stubGlobal('navigator', {
    userAgent: `Node.js/${process.versions.node.split('.')[0]}`,
    language: 'en-US',
  });
  expect(typeof window).toBe('undefined');
  expect(renderToString(createElement(InstallPrompt))).toBe('');
});
