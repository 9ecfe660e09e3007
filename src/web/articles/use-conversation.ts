import { useCallback, useEffect, useState } from 'react';
import type { AssistantAnswer } from '../../domain/content';

export type ChatMessage =
  | { id: string; from: 'user'; text: string }
  | { id: string; from: 'assistant'; answer: AssistantAnswer }
  | { id: string; from: 'error'; text: string };

/** A message before it has an id; distributes over the union so each variant keeps its own fields. */
type NewMessage = ChatMessage extends infer M ? (M extends unknown ? Omit<M, 'id'> : never) : never;

const STORAGE_KEY = 'carerelay:knowledge-assistant';
const KEPT_MESSAGES = 50;

/**
 * The assistant's conversation, kept in sessionStorage: the hub and each article page mount their own
 * assistant, and following a source link should not wipe what was asked.
 */
export function useConversation() {
  const [messages, setMessages] = useState<ChatMessage[]>(readConversation);
  useEffect(() => {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(messages.slice(-KEPT_MESSAGES)));
    } catch {
      // Storage may be full or disabled (private mode); the conversation still works for this page.
    }
  }, [messages]);
  const addMessage = useCallback((message: NewMessage) => {
    const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    setMessages((list) => [...list, { ...message, id } as ChatMessage]);
  }, []);
  return [messages, addMessage] as const;
}

function readConversation(): ChatMessage[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    // Only this component writes the key, so an array is a conversation it wrote.
    return Array.isArray(stored) ? (stored as ChatMessage[]) : [];
  } catch {
    return [];
  }
}
