import {
  apiErrorSchema,
  NEWS_IMAGE_MAX_BYTES,
  newsEditorMessages,
  type NewsEditorInput,
} from '@portico/contracts';
import { useState, type ChangeEvent } from 'react';
import { HttpError } from '../../../lib/http/http-error.js';
import { useT } from '../../../lib/labels/use-t.js';
import { uploadHeaderImage } from '../api/news-editor-api.js';
import { localizeMessage } from '../../../lib/labels/localize-message.js';

type HeaderImage = NewsEditorInput['headerImage'];

/**
 * The header image: a file input that uploads at once (the server resizes it into the three
 * variants), a preview of the medium variant and a remove button. The server's 400 or 413
 * message is shown under the field; a file over the limit is refused before it is sent.
 */
export function HeaderImageField({
  value,
  serverError,
  onChange,
}: {
  value: HeaderImage;
  serverError?: string | undefined;
  onChange: (image: HeaderImage) => void;
}) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const id = 'news-editor-headerImage';
  const shown = error ?? serverError;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    if (file.size > NEWS_IMAGE_MAX_BYTES) {
      setError(newsEditorMessages.imageTooLarge);
      input.value = '';
      return;
    }
    setError(null);
    setUploading(true);
    try {
      const uploaded = await uploadHeaderImage(file);
      if (uploaded) {
        onChange({ large: uploaded.large, medium: uploaded.medium, small: uploaded.small });
      }
    } catch (failure) {
      const body = failure instanceof HttpError ? apiErrorSchema.safeParse(failure.body) : null;
      setError(
        body?.success && failure instanceof HttpError && failure.status < 500
          ? localizeMessage(body.data.message, t)
          : t('news-editor.form.error'),
      );
    } finally {
      setUploading(false);
      input.value = '';
    }
  };

  return (
    <div className="news-editor__field">
      <label htmlFor={id}>{t('news-editor.field.headerImage')}</label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
        {...(shown ? { 'aria-invalid': true as const } : {})}
        onChange={(e) => void onFile(e)}
      />
      <p id={`${id}-hint`} className="news-editor__hint">
        {t('news-editor.field.headerImage.hint')}
      </p>
      {uploading && <p role="status">{t('news-editor.field.headerImage.uploading')}</p>}
      {shown && (
        <p id={`${id}-error`} className="news-editor__error" role="alert">
          {shown}
        </p>
      )}
      {value && (
        <div className="news-editor__image">
          <img
            src={value.medium}
            alt={t('news-editor.field.headerImage.preview')}
            width={600}
            height={250}
          />
          <button
            type="button"
            className="ui-button ui-button--secondary"
            onClick={() => onChange(null)}
          >
            {t('news-editor.field.headerImage.remove')}
          </button>
        </div>
      )}
    </div>
  );
}
