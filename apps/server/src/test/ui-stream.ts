// Reads an answer the way a client sees it: the Server-Sent Events of the AI SDK's UI message
// stream, as chunks, plus the text and citations they add up to.
import type { Citation } from '@sahifa/contracts/assistant';

export interface UiChunk {
  type: string;
  [key: string]: unknown;
}

export function sseChunks(body: string): UiChunk[] {
  return body
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice('data: '.length)) as UiChunk);
}

export interface StreamedAnswer {
  chunks: UiChunk[];
  text: string;
  citations: Citation[];
  errorText: string | null;
  /** The last metadata sent (start, message-metadata, finish). */
  metadata: { mode?: string; status?: string };
}

export function readAnswer(body: string): StreamedAnswer {
  const chunks = sseChunks(body);
  let metadata = {};
  for (const chunk of chunks) {
    if (chunk.messageMetadata) metadata = { ...metadata, ...(chunk.messageMetadata as object) };
  }
  return {
    chunks,
    text: chunks
      .filter((c) => c.type === 'text-delta')
      .map((c) => c.delta)
      .join(''),
    citations: (chunks.find((c) => c.type === 'data-citations')?.data as Citation[] | undefined) ?? [],
    errorText: (chunks.find((c) => c.type === 'error')?.errorText as string | undefined) ?? null,
    metadata,
  };
}
