// Paths derived from this file's location, so the server finds the repo no matter the cwd it starts in.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** /…/apps/server/src → the monorepo root. */
export const REPO_ROOT = path.resolve(here, '..', '..', '..');
export const DEFAULT_WEB_DIST_DIR = path.join(REPO_ROOT, 'apps', 'web', 'dist');
export const DEFAULT_WEB_SSR_DIR = path.join(REPO_ROOT, 'apps', 'web', 'dist-ssr');
export const DEFAULT_CONTENT_DIR = path.join(REPO_ROOT, 'content');
