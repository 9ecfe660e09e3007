import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttachmentView, NoteContent, ReviewNoteInput, VisitNotesView } from '../../domain/documentation';
import { api, ApiError } from './client';
import { uploadFile } from './upload';

/**
 * Visit documentation: /api/visits/:id/notes… and attachments. Everything here is PHI:
 * the server answers only the visit's agency and therapist at aal2, and never lets it be cached.
 */

export const documentationKeys = {
  all: ['documentation'] as const,
  notes: (visitId: string) => ['documentation', 'notes', visitId] as const,
  attachments: (visitId: string) => ['documentation', 'attachments', visitId] as const,
};

// 4xx answers describe the request or the user; asking again would not change them.
const retry = (failures: number, error: Error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1;

export function useVisitNotes(visitId: string) {
  return useQuery({ queryKey: documentationKeys.notes(visitId), queryFn: () => api<VisitNotesView>(`/api/visits/${visitId}/notes`), retry });
}

function useNotesMutation<TBody>(visitId: string, request: (body: TBody) => Promise<VisitNotesView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (view) => {
      queryClient.setQueryData(documentationKeys.notes(visitId), view);
      // The visit's status moves with its notes (documented, approved).
      return queryClient.invalidateQueries({ queryKey: ['visits'] });
    },
  });
}

/** PUT /api/visits/:id/notes/draft */
export const useSaveDraft = (visitId: string) =>
  useNotesMutation(visitId, (content: NoteContent) => api<VisitNotesView>(`/api/visits/${visitId}/notes/draft`, { method: 'PUT', body: { content } }));
/** POST /api/visits/:id/notes/sign */
export const useSignNote = (visitId: string) =>
  useNotesMutation(visitId, (signedName: string) => api<VisitNotesView>(`/api/visits/${visitId}/notes/sign`, { body: { signedName } }));
/** GET /api/visits/:id/notes/supervision: an assistant's signed notes for their supervising PT or OT. */
export function useSupervisedNotes(visitId: string) {
  return useQuery({
    queryKey: [...documentationKeys.notes(visitId), 'supervision'] as const,
    queryFn: () => api<VisitNotesView>(`/api/visits/${visitId}/notes/supervision`),
    retry,
  });
}
/** POST /api/visits/:id/notes/:noteId/co-sign */
export function useCoSignNote(visitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, signedName }: { noteId: string; signedName: string }) =>
      api<VisitNotesView>(`/api/visits/${visitId}/notes/${noteId}/co-sign`, { body: { signedName } }),
    onSuccess: (view) => queryClient.setQueryData([...documentationKeys.notes(visitId), 'supervision'], view),
  });
}
/** POST /api/visits/:id/notes/review */
export const useReviewNote = (visitId: string) =>
  useNotesMutation(visitId, (review: ReviewNoteInput) => api<VisitNotesView>(`/api/visits/${visitId}/notes/review`, { body: review }));

export function useAttachments(visitId: string) {
  return useQuery({
    queryKey: documentationKeys.attachments(visitId),
    queryFn: () => api<{ items: AttachmentView[] }>(`/api/visits/${visitId}/attachments`),
    retry,
  });
}

/** POST /api/visits/:id/attachments: the raw file as its own content type. */
const uploadAttachment = (visitId: string, file: File) => uploadFile<AttachmentView>(`/api/visits/${visitId}/attachments`, file);

export function useUploadAttachment(visitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAttachment(visitId, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentationKeys.attachments(visitId) }),
  });
}

/**
 * DELETE /api/attachments/:id: the therapist removes a file not yet shared with the agency. The
 * list is read again whether it worked or not: a refusal (signed meanwhile, already removed) also
 * means the list on screen is out of date.
 */
export function useRemoveAttachment(visitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: string) => api<void>(`/api/attachments/${encodeURIComponent(attachmentId)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentationKeys.attachments(visitId) }),
  });
}

/** Where the browser downloads an attachment (the server sends it as a download, never cached). */
export const attachmentUrl = (attachmentId: string) => `/api/attachments/${attachmentId}`;
