// The language model behind MoejrAI, from configuration: Gemini, any OpenAI-compatible server
// (OpenAI, Ollama, llama.cpp, vLLM), or none — library mode, where the assistant answers with the
// library's own passages (modules/assistant). The AI SDK speaks each provider's wire protocol.
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { AiConfig } from '#server/config.ts';

export interface AssistantModel {
  model: LanguageModel;
  /** For logs: which provider failed, never its key. */
  provider: AiConfig['provider'];
  /** Secrets that must never reach a log line (the API key), to redact from provider errors. */
  secrets: string[];
}

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

export function createAssistantModel(ai: AiConfig | null): AssistantModel | null {
  if (!ai) return null;
  const secrets = ai.apiKey ? [ai.apiKey] : [];
  if (ai.provider === 'gemini') {
    const google = createGoogleGenerativeAI({
      apiKey: ai.apiKey ?? undefined,
      ...(ai.baseUrl ? { baseURL: ai.baseUrl } : {}),
    });
    return { model: google(ai.model), provider: 'gemini', secrets };
  }
  const openai = createOpenAICompatible({
    name: 'openai',
    baseURL: ai.baseUrl ?? OPENAI_BASE_URL,
    apiKey: ai.apiKey ?? undefined,
  });
  return { model: openai.chatModel(ai.model), provider: 'openai', secrets };
}
