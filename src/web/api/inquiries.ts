import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput, LeadInput } from '../../domain/inquiries';
import { api } from './client';

interface Created {
  id: string;
  createdAt: string;
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: (body: ContactMessageInput) => api<Created>('/api/contact', { body }) });
}

export function useCreateLead() {
  return useMutation({ mutationFn: (body: LeadInput) => api<Created>('/api/leads', { body }) });
}
