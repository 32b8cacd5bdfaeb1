// The version this build of the web app was made as (vite.config.ts defines it: SAHIFA_VERSION, else
// the git commit, else the build date); "dev" where nothing defined it (unit tests).

declare const __APP_VERSION__: string | undefined;

export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
