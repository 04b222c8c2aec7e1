import {
  apiErrorSchema,
  newsEditorInputSchema,
  type FieldErrors,
  type NewsEditorAction,
  type NewsEditorialItem,
  type NewsEditorInput,
} from '@portico/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  FormBanner,
  type FormBannerState,
} from '../../../components/ui/form-banner/form-banner.js';
import { useModal } from '../../../components/ui/modal/modal-store.js';
import { paths } from '../../../config/paths.js';
import { HttpError } from '../../../lib/http/http-error.js';
import { useT } from '../../../lib/labels/use-t.js';
import { notify } from '../../../lib/notifications/notification-store.js';
import { deleteItem, newsEditorKey, saveItem, useProductChoices } from '../api/news-editor-api.js';
import { useTimeZone } from '../../../lib/format/time-zone.js';
import { fromLocalInput, toLocalInput } from '../utils/local-date-time.js';
import { HeaderImageField } from './header-image-field.js';
import { RichTextEditor } from './rich-text-editor.js';
import { localizeFieldErrors, localizeMessage } from '../../../lib/labels/localize-message.js';

/** The form's own state: the date as the input holds it (local time), the rest as sent. */
type FormState = Omit<NewsEditorInput, 'action' | 'publicationDate'> & { publicationDate: string };
type TextField = 'title' | 'subtitle' | 'location' | 'introduction';

function stateOf(item: NewsEditorialItem | null, timeZone: string): FormState {
  if (!item) {
    return {
      title: '',
      subtitle: '',
      location: '',
      publicationDate: toLocalInput(Date.now(), timeZone),
      introduction: '',
      content: '',
      headerImage: null,
      sales: false,
      productIds: [],
    };
  }
  return {
    title: item.title,
    subtitle: item.subtitle,
    location: item.location,
    publicationDate: toLocalInput(item.publicationDate, timeZone),
    introduction: item.introduction,
    content: item.content,
    headerImage: item.headerImage,
    sales: item.sales,
    productIds: item.productIds,
  };
}

type Banner = FormBannerState | null;

/**
 * Write or edit a news item (issue 12): every §3 field, the rich-text body, the header image,
 * product targets, and the actions of its state: save a draft, publish (or schedule, when the
 * date is in the future), unpublish, delete. Whatever fails, the text stays in the form.
 */
export function NewsEditorForm({ item }: { item: NewsEditorialItem | null }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const modal = useModal();
  const products = useProductChoices();
  // Publication times are typed and shown on the profile's clock (issue 16), not the browser's.
  const timeZone = useTimeZone();
  const [current, setCurrent] = useState<NewsEditorialItem | null>(item);
  const [form, setForm] = useState<FormState>(() => stateOf(item, timeZone));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<Banner>(null);
  const [saving, setSaving] = useState(false);
  // Remounts the rich-text editor when its text is replaced from outside (a reload).
  const [bodyKey, setBodyKey] = useState(0);
  // "Schedule" or "Publish": a date after the form opened is in the future (the server decides).
  const [openedAt] = useState(() => Date.now());

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((prev) => ({ ...prev, [key]: value }));

  const publicationMs = fromLocalInput(form.publicationDate, timeZone);
  const inFuture = Number.isFinite(publicationMs) && publicationMs > openedAt;
  const live = current?.status === 'published';

  const showServerError = (error: unknown) => {
    if (!(error instanceof HttpError)) throw error;
    const body = apiErrorSchema.safeParse(error.body);
    if (error.status === 412) {
      setBanner({ kind: 'conflict', text: t('news-editor.form.conflict') });
      return;
    }
    if (body.success && body.data.fieldErrors) {
      setErrors(localizeFieldErrors(body.data.fieldErrors, t));
      setBanner({ kind: 'invalid', text: t('news-editor.form.invalid') });
      return;
    }
    setBanner({
      kind: 'message',
      text:
        body.success && error.status >= 400 && error.status < 500
          ? localizeMessage(body.data.message, t)
          : t('news-editor.form.error'),
    });
  };

  const submit = async (action: NewsEditorAction) => {
    if (saving) return;
    const parsed = newsEditorInputSchema.safeParse({
      ...form,
      publicationDate: publicationMs,
      action,
    });
    if (!parsed.success) {
      const fieldErrors: FieldErrors = {};
      for (const issue of parsed.error.issues)
        fieldErrors[String(issue.path[0])] ??= localizeMessage(issue.message, t);
      setErrors(fieldErrors);
      setBanner({ kind: 'invalid', text: t('news-editor.form.invalid') });
      return;
    }
    setSaving(true);
    try {
      const saved = await saveItem(current, parsed.data);
      if (!saved) return;
      setErrors({});
      setBanner(null);
      setCurrent(saved);
      queryClient.setQueryData([...newsEditorKey, 'item', saved.id], saved);
      await queryClient.invalidateQueries({ queryKey: [...newsEditorKey, 'list'] });
      await queryClient.invalidateQueries({ queryKey: ['news'] });
      notify({ type: 'information', title: t(`news-editor.saved.${saved.status}`), content: '' });
      if (!current) void navigate(paths.newsEditorItem(saved.id), { replace: true });
    } catch (error) {
      showServerError(error);
    } finally {
      setSaving(false);
    }
  };

  const onReload = async () => {
    if (!current) return;
    await queryClient.invalidateQueries({ queryKey: [...newsEditorKey, 'item', current.id] });
    const next = queryClient.getQueryData<NewsEditorialItem | 'no-access'>([
      ...newsEditorKey,
      'item',
      current.id,
    ]);
    if (next && next !== 'no-access') {
      setCurrent(next);
      setForm(stateOf(next, timeZone));
      setBodyKey((k) => k + 1);
    }
    setBanner(null);
    setErrors({});
  };

  const onDelete = () => {
    if (!current) return;
    modal.open({
      title: t('news-editor.delete.title', { title: current.title }),
      body: `<p>${t('news-editor.delete.body').replace(/[<>&]/g, '')}</p>`,
      consent: {
        labelKey: 'news-editor.delete.confirm',
        onConsent: () => {
          void (async () => {
            try {
              await deleteItem(current);
              await queryClient.invalidateQueries({ queryKey: newsEditorKey });
              await queryClient.invalidateQueries({ queryKey: ['news'] });
              notify({ type: 'information', title: t('news-editor.deleted'), content: '' });
              void navigate(paths.newsEditor());
            } catch (error) {
              showServerError(error);
            }
          })();
        },
      },
    });
  };

  const field = (
    name: keyof FormState,
    control: (props: {
      id: string;
      'aria-invalid'?: true;
      'aria-describedby'?: string;
      required?: boolean;
    }) => ReactNode,
    options: { hint?: string; required?: boolean } = {},
  ) => {
    const id = `news-editor-${name}`;
    const error = errors[name];
    const describedBy = [error ? `${id}-error` : '', options.hint ? `${id}-hint` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div className="news-editor__field">
        <label htmlFor={id}>
          {t(`news-editor.field.${name}`)}
          {options.required && <span aria-hidden="true"> *</span>}
        </label>
        {control({
          id,
          ...(error ? { 'aria-invalid': true as const } : {}),
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(options.required ? { required: true } : {}),
        })}
        {options.hint && (
          <p id={`${id}-hint`} className="news-editor__hint">
            {options.hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="news-editor__error">
            {error}
          </p>
        )}
      </div>
    );
  };

  const text = (name: TextField, required = false) =>
    field(
      name,
      (props) => (
        <input
          {...props}
          name={name}
          type="text"
          value={form[name]}
          autoComplete="off"
          onChange={(e) => set(name, e.target.value)}
        />
      ),
      { required },
    );

  const contentError = errors.content;
  const publishLabel = inFuture
    ? 'news-editor.action.schedule'
    : live
      ? 'news-editor.action.update'
      : 'news-editor.action.publish';

  return (
    <div className="news-editor">
      <p>
        <Link to={paths.newsEditor()}>{t('news-editor.back-to-list')}</Link>
      </p>
      <h1 className="ui-page-title">
        {current ? t('news-editor.form.edit', { title: current.title }) : t('news-editor.form.new')}
      </h1>
      {current && (
        <p className="news-editor__status">
          {t('news-editor.form.status', { status: t(`news-editor.status.${current.status}`) })}
          {live && (
            <>
              {' · '}
              <Link to={paths.newsItem(current.title, current.id)}>
                {t('news-editor.action.view')}
              </Link>
            </>
          )}
        </p>
      )}
      <FormBanner
        banner={banner}
        reloadLabel={t('news-editor.reload')}
        onReload={() => void onReload()}
      />
      <p className="news-editor__note">{t('news-editor.form.required-note')}</p>
      <form
        className="news-editor__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit('publish');
        }}
      >
        {text('title', true)}
        {text('subtitle')}
        {text('location')}
        {field(
          'publicationDate',
          (props) => (
            <input
              {...props}
              name="publicationDate"
              type="datetime-local"
              value={form.publicationDate}
              onChange={(e) => set('publicationDate', e.target.value)}
            />
          ),
          { hint: t('news-editor.field.publicationDate.hint'), required: true },
        )}
        {field('introduction', (props) => (
          <textarea
            {...props}
            name="introduction"
            rows={3}
            value={form.introduction}
            onChange={(e) => set('introduction', e.target.value)}
          />
        ))}
        <div className="news-editor__field">
          <span id="news-editor-content-label" className="news-editor__label">
            {t('news-editor.field.content')}
            <span aria-hidden="true"> *</span>
          </span>
          <RichTextEditor
            key={bodyKey}
            labelId="news-editor-content-label"
            describedBy={contentError ? 'news-editor-content-error' : undefined}
            invalid={contentError !== undefined}
            initialHtml={form.content}
            onChange={(html) => set('content', html)}
          />
          {contentError && (
            <p id="news-editor-content-error" className="news-editor__error">
              {contentError}
            </p>
          )}
        </div>
        <HeaderImageField
          value={form.headerImage}
          serverError={errors.headerImage}
          onChange={(image) => set('headerImage', image)}
        />
        <div className="news-editor__field news-editor__field--check">
          <input
            id="news-editor-sales"
            type="checkbox"
            checked={form.sales}
            onChange={(e) => set('sales', e.target.checked)}
          />
          <label htmlFor="news-editor-sales">{t('news-editor.field.sales')}</label>
        </div>
        <fieldset
          className="news-editor__products"
          aria-describedby={`news-editor-productIds-hint${errors.productIds ? ' news-editor-productIds-error' : ''}`}
        >
          <legend>{t('news-editor.field.productIds')}</legend>
          <p id="news-editor-productIds-hint" className="news-editor__hint">
            {t('news-editor.field.productIds.hint')}
          </p>
          {(products.data ?? []).map((product) => (
            <div key={product.id} className="news-editor__field--check">
              <input
                id={`news-editor-product-${product.id}`}
                type="checkbox"
                checked={form.productIds.includes(product.id)}
                onChange={(e) =>
                  set(
                    'productIds',
                    e.target.checked
                      ? [...form.productIds, product.id]
                      : form.productIds.filter((p) => p !== product.id),
                  )
                }
              />
              <label htmlFor={`news-editor-product-${product.id}`}>{product.productName}</label>
            </div>
          ))}
          {errors.productIds && (
            <p id="news-editor-productIds-error" className="news-editor__error">
              {errors.productIds}
            </p>
          )}
        </fieldset>
        <div className="news-editor__actions">
          <button type="submit" className="ui-button" disabled={saving}>
            {t(publishLabel)}
          </button>
          {!live && (
            <button
              type="button"
              className="ui-button ui-button--secondary"
              disabled={saving}
              onClick={() => void submit('draft')}
            >
              {t('news-editor.action.draft')}
            </button>
          )}
          {(live || current?.status === 'scheduled') && (
            <button
              type="button"
              className="ui-button ui-button--secondary"
              disabled={saving}
              onClick={() => void submit('unpublish')}
            >
              {t('news-editor.action.unpublish')}
            </button>
          )}
          {current && (
            <button
              type="button"
              className="ui-button ui-button--secondary"
              disabled={saving}
              onClick={onDelete}
            >
              {t('news-editor.action.delete')}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
