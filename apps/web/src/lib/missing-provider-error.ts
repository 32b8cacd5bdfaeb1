/**
 * Base class of the errors a context hook throws when used outside its provider (spec: "using a
 * context outside its provider raises its own named error"). Each context subclasses it.
 */
export class MissingProviderError extends Error {
  constructor(hook: string, provider: string) {
    super(`${hook} must be used inside <${provider}>.`);
    this.name = new.target.name;
  }
}
