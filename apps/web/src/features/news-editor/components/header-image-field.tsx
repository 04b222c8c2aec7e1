import { NEWS_IMAGE_MAX_BYTES, newsEditorMessages, type NewsEditorInput } from '@portico/contracts';
import { useState, type ChangeEvent } from 'react';
import { Field } from '../../../components/ui/field/field.js';
import { apiMessageOf, catalogueEntryOf } from '../../../lib/http/error-catalogue.js';
import { handleFailure } from '../../../lib/http/failure-handling.js';
import { HttpError } from '../../../lib/http/http-error.js';
import { localizeMessage } from '../../../lib/labels/localize-message.js';
import { useT } from '../../../lib/labels/use-t.js';
import { uploadHeaderImage } from '../api/news-editor-api.js';
import { SecondaryButton } from '../../../components/ui/button/secondary-button.js';

type HeaderImage = NewsEditorInput['headerImage'];

/**
 * The header image: a file input that uploads at once (the server resizes it into the three
 * variants), a preview of the medium variant and a remove button. The server's 400 or 413
 * message is shown under the field, any other failure the §8 text (issue 27); a file over the
 * limit is refused before it is sent.
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
  // The file just uploaded: the field's input is emptied after each upload (so the same file
  // can be chosen again), and would otherwise say no file was chosen (issue 37).
  const [uploadedName, setUploadedName] = useState<string | null>(null);
  const id = 'news-editor-headerImage';
  const shown = error ?? serverError;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    if (file.size > NEWS_IMAGE_MAX_BYTES) {
      setError(localizeMessage(newsEditorMessages.imageTooLarge, t));
      input.value = '';
      return;
    }
    setError(null);
    setUploading(true);
    try {
      const uploaded = await uploadHeaderImage(file);
      onChange({ large: uploaded.large, medium: uploaded.medium, small: uploaded.small });
      setUploadedName(file.name);
    } catch (failure) {
      handleFailure(failure, 'caller');
      // A 413 (too large) carries the same field message as a 400; everything else is §8.
      const tooLarge = failure instanceof HttpError && failure.status === 413;
      setError(
        (tooLarge ? apiMessageOf(failure, t) : undefined) ?? catalogueEntryOf(failure, t).content,
      );
    } finally {
      setUploading(false);
      input.value = '';
    }
  };

  return (
    <div className="news-editor__image-field">
      <Field
        id={id}
        label={t('news-editor.field.headerImage')}
        hint={t('news-editor.field.headerImage.hint')}
        error={shown}
        announce
      >
        {(props) => (
          <>
            {/* The browser's own file box says "No file chosen" beside an uploaded image: the
                input is hidden but focusable, and its second label is the visible button. */}
            <input
              {...props}
              className="ui-visually-hidden news-editor__file-input"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              onChange={(e) => void onFile(e)}
            />
            <label htmlFor={id} className="ui-button ui-button--secondary news-editor__file-button">
              {t(
                value
                  ? 'news-editor.field.headerImage.replace'
                  : 'news-editor.field.headerImage.choose',
              )}
            </label>
          </>
        )}
      </Field>
      {value && uploadedName && (
        <p className="news-editor__file-name">
          {t('news-editor.field.headerImage.uploaded', { name: uploadedName })}
        </p>
      )}
      {uploading && <p role="status">{t('news-editor.field.headerImage.uploading')}</p>}
      {value && (
        <div className="news-editor__image">
          <img
            src={value.medium}
            alt={t('news-editor.field.headerImage.preview')}
            width={600}
            height={250}
          />
          <SecondaryButton
            onClick={() => {
              onChange(null);
              setUploadedName(null);
            }}
          >
            {t('news-editor.field.headerImage.remove')}
          </SecondaryButton>
        </div>
      )}
    </div>
  );
}
