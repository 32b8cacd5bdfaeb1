import type { Thought } from '@sahifa/contracts/community';

/** The address of one thought (apart from ThoughtCard, so the home strip does not load the card). */
export const thoughtPath = (thought: Pick<Thought, 'id' | 'author'>) =>
  `/app/thoughts/${thought.author.userNumber}/${thought.id}`;
