/**
 * What a cache's synchronous `peek` answers when it has no answer to hand back at once (none
 * remembered, expired, forgotten, or still loading): a remembered answer may itself be undefined.
 */
export const NOT_REMEMBERED: unique symbol = Symbol('not remembered');
