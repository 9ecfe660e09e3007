import { FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { CredentialView } from '../../domain/credential-views';
import { credentialDocumentUrl, fetchCredentialDocument } from '../api/credentials';

/**
 * A credential's document beside its details: an image is shown inline (fetched, then shown from
 * its bytes, since the download itself is sent as an attachment that never renders in the page); a
 * PDF is a link that downloads it, to open in the manager's own viewer.
 */
export function DocumentPreview({ credential }: { credential: CredentialView }) {
  const document = credential.document;
  const isImage = document?.contentType === 'image/png' || document?.contentType === 'image/jpeg';
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!isImage) return;
    let url: string | null = null;
    let cancelled = false;
    fetchCredentialDocument(credential.id)
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setImageUrl(url);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [credential.id, isImage]);

  if (!document) return <p className="text-sm text-slate-600">No document uploaded.</p>;
  return (
    <div className="space-y-2">
      {isImage && imageUrl && <img src={imageUrl} alt={`Document: ${document.fileName}`} className="max-h-80 w-full rounded-lg border border-slate-200 object-contain" />}
      {isImage && failed && <p className="text-sm text-red-700">The image could not be shown; download it instead.</p>}
      <a href={credentialDocumentUrl(credential.id)} className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold break-all text-brand-700 underline hover:no-underline">
        <FileText className="size-4 shrink-0" aria-hidden /> Download {document.fileName} ({document.contentType === 'application/pdf' ? 'PDF' : 'image'})
      </a>
    </div>
  );
}
