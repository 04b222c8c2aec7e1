import {
  newsEditorInputSchema,
  type NewsEditorAction,
  type NewsEditorialItem,
  type NewsEditorInput,
  type NewsEditorProduct,
} from '@portico/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Field } from '../../../components/ui/field/field.js';
import {
  FormBanner,
  type FormBannerState,
} from '../../../components/ui/form-banner/form-banner.js';
import { useModal } from '../../../components/ui/modal/modal-store.js';
import { paths } from '../../../config/paths.js';
import { useTimeZone } from '../../../lib/format/time-zone.js';
import { catalogueEntryOf } from '../../../lib/http/error-catalogue.js';
import { handleFailure } from '../../../lib/http/failure-handling.js';
import { HttpError } from '../../../lib/http/http-error.js';
import { localizeMessage } from '../../../lib/labels/localize-message.js';
import { useT } from '../../../lib/labels/use-t.js';
import { notify } from '../../../lib/notifications/notification-store.js';
import { deleteItem, newsEditorKey, saveItem } from '../api/news-editor-api.js';
import { fromLocalInput, toLocalInput } from '../utils/local-date-time.js';
import { HeaderImageField } from './header-image-field.js';
import { RichTextEditor } from './rich-text-editor.js';
import { SecondaryButton } from '../../../components/ui/button/secondary-button.js';

/**
 * The contract's schema without the action (a button chooses it), the date as the input holds
 * it: the profile's wall clock (issue 16), checked by the contract's rule once converted.
 */
function formSchemaFor(timeZone: string) {
  return newsEditorInputSchema.omit({ action: true }).extend({
    publicationDate: z
      .string()
      .transform((value) => fromLocalInput(value, timeZone))
      .pipe(newsEditorInputSchema.shape.publicationDate),
  });
}
type FormSchema = ReturnType<typeof formSchemaFor>;
type FormValues = z.input<FormSchema>;
type FormOutput = z.output<FormSchema>;
type FieldName = keyof FormValues;
const FIELD_NAMES: ReadonlySet<string> = new Set<FieldName>([
  ...(['title', 'subtitle', 'location', 'publicationDate', 'introduction', 'content'] as const),
  ...(['headerImage', 'sales', 'productIds'] as const),
]);
const isFieldName = (name: string): name is FieldName => FIELD_NAMES.has(name);

function valuesOf(item: NewsEditorialItem | null, timeZone: string): FormValues {
  if (!item) {
    return {
      ...{ title: '', subtitle: '', location: '', introduction: '', content: '' },
      publicationDate: toLocalInput(Date.now(), timeZone),
      ...{ headerImage: null, sales: false, productIds: [] },
    };
  }
  return {
    ...{ title: item.title, subtitle: item.subtitle, location: item.location },
    publicationDate: toLocalInput(item.publicationDate, timeZone),
    ...{ introduction: item.introduction, content: item.content },
    ...{ headerImage: item.headerImage, sales: item.sales, productIds: item.productIds },
  };
}

/**
 * Write or edit a news item (issue 12): every §3 field, the rich-text body, the header image,
 * product targets, and the actions of its state: save a draft, publish (or schedule, when the
 * date is in the future), unpublish, delete. react-hook-form over the contract's schema
 * (issue 27, ADR 0049); whatever fails, the text stays in the form and the banner says why
 * (§5 for fields, the conflict with reload, otherwise the §8 text).
 */
export function NewsEditorForm({
  item,
  products,
}: {
  item: NewsEditorialItem | null;
  products: readonly NewsEditorProduct[];
}) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const modal = useModal();
  // Publication times are typed and shown on the profile's clock (issue 16), not the browser's.
  const timeZone = useTimeZone();
  const schema = useMemo(() => formSchemaFor(timeZone), [timeZone]);
  const [current, setCurrent] = useState<NewsEditorialItem | null>(item);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(item, timeZone),
  });
  const content = useController({ control, name: 'content' });
  const headerImage = useController({ control, name: 'headerImage' });
  const productIds = useController({ control, name: 'productIds' });
  const publicationDate = useWatch({ control, name: 'publicationDate' });
  const [banner, setBanner] = useState<FormBannerState | null>(null);
  // Remounts the rich-text editor when its text is replaced from outside (a reload).
  const [bodyKey, setBodyKey] = useState(0);
  // "Schedule" or "Publish": a date after the form opened is in the future (the server decides).
  const [openedAt] = useState(() => Date.now());
  const [deleting, setDeleting] = useState(false);
  const busy = isSubmitting || deleting;

  const publicationMs = fromLocalInput(publicationDate, timeZone);
  const inFuture = Number.isFinite(publicationMs) && publicationMs > openedAt;
  const live = current?.status === 'published';
  const errorOf = (name: FieldName): string | undefined => {
    const message = errors[name]?.message;
    return message ? localizeMessage(message, t) : undefined;
  };

  /** Every failed call of the form (save or delete) ends here. */
  const showServerError = (error: unknown) => {
    handleFailure(error, 'caller');
    const status = error instanceof HttpError ? error.status : 0;
    const fieldErrors = error instanceof HttpError ? error.fieldErrors : undefined;
    if (status === 412 || status === 428) {
      setBanner({ kind: 'conflict', text: t('news-editor.form.conflict') });
      return;
    }
    if (status === 400 && fieldErrors) {
      for (const [name, message] of Object.entries(fieldErrors)) {
        if (isFieldName(name)) setError(name, { type: 'server', message });
      }
      setBanner({ kind: 'invalid', text: t('news-editor.form.invalid') });
      return;
    }
    setBanner({ kind: 'message', text: catalogueEntryOf(error, t).content });
  };

  const onInvalid = () => setBanner({ kind: 'invalid', text: t('news-editor.form.invalid') });
  const save = (action: NewsEditorAction) =>
    handleSubmit(async (values) => {
      const input: NewsEditorInput = { ...values, action };
      try {
        const saved = await saveItem(current, input);
        clearErrors();
        setBanner(null);
        setCurrent(saved);
        queryClient.setQueryData([...newsEditorKey, 'item', saved.id], saved);
        await queryClient.invalidateQueries({ queryKey: [...newsEditorKey, 'list'] });
        await queryClient.invalidateQueries({ queryKey: ['news'] });
        notify({ type: 'information', title: t(`news-editor.saved.${saved.status}`), content: '' });
        if (!current) void navigate(paths.newsEditorItem(saved.id), { replace: true });
      } catch (error) {
        showServerError(error);
      }
    }, onInvalid);

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
      reset(valuesOf(next, timeZone));
      setBodyKey((k) => k + 1);
    }
    setBanner(null);
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
            setDeleting(true);
            try {
              await deleteItem(current);
              await queryClient.invalidateQueries({ queryKey: newsEditorKey });
              await queryClient.invalidateQueries({ queryKey: ['news'] });
              notify({ type: 'information', title: t('news-editor.deleted'), content: '' });
              void navigate(paths.newsEditor());
            } catch (error) {
              showServerError(error);
            } finally {
              setDeleting(false);
            }
          })();
        },
      },
    });
  };

  const text = (name: 'title' | 'subtitle' | 'location', required = false) => (
    <Field
      id={`news-editor-${name}`}
      label={t(`news-editor.field.${name}`)}
      required={required}
      error={errorOf(name)}
    >
      {(props) => <input {...props} {...register(name)} type="text" autoComplete="off" />}
    </Field>
  );

  const contentError = errorOf('content');
  const productsError = errorOf('productIds');
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
      {current && current.mailFailures > 0 && (
        // Issue 24: mails the mail server refused (or never took) are not sent again.
        <p className="news-editor__mail-failures">
          {t('news-editor.mail-failures', { count: current.mailFailures })}
        </p>
      )}
      <FormBanner
        banner={banner}
        reloadLabel={t('news-editor.reload')}
        onReload={() => void onReload()}
      />
      <p className="news-editor__note">{t('news-editor.form.required-note')}</p>
      <form className="news-editor__form" noValidate onSubmit={(e) => void save('publish')(e)}>
        {text('title', true)}
        {text('subtitle')}
        {text('location')}
        <Field
          id="news-editor-publicationDate"
          label={t('news-editor.field.publicationDate')}
          required
          hint={t('news-editor.field.publicationDate.hint')}
          error={errorOf('publicationDate')}
        >
          {(props) => <input {...props} {...register('publicationDate')} type="datetime-local" />}
        </Field>
        <Field
          id="news-editor-introduction"
          label={t('news-editor.field.introduction')}
          error={errorOf('introduction')}
        >
          {(props) => <textarea {...props} {...register('introduction')} rows={3} />}
        </Field>
        {/* The body is a contenteditable, named by aria-labelledby (a <label> cannot name it). */}
        <div className="ui-field">
          <span id="news-editor-content-label" className="news-editor__label">
            {t('news-editor.field.content')}
            <span aria-hidden="true"> *</span>
          </span>
          <RichTextEditor
            key={bodyKey}
            labelId="news-editor-content-label"
            describedBy={contentError ? 'news-editor-content-error' : undefined}
            invalid={contentError !== undefined}
            initialHtml={content.field.value}
            onChange={content.field.onChange}
          />
          {contentError && (
            <p id="news-editor-content-error" className="ui-field__error">
              {contentError}
            </p>
          )}
        </div>
        <HeaderImageField
          value={headerImage.field.value}
          serverError={errorOf('headerImage')}
          onChange={headerImage.field.onChange}
        />
        <div className="news-editor__field--check">
          <input id="news-editor-sales" type="checkbox" {...register('sales')} />
          <label htmlFor="news-editor-sales">{t('news-editor.field.sales')}</label>
        </div>
        <fieldset
          className="news-editor__products"
          aria-describedby={`news-editor-productIds-hint${productsError ? ' news-editor-productIds-error' : ''}`}
        >
          <legend>{t('news-editor.field.productIds')}</legend>
          <p id="news-editor-productIds-hint" className="ui-field__hint">
            {t('news-editor.field.productIds.hint')}
          </p>
          {products.map((product) => (
            <div key={product.id} className="news-editor__field--check">
              <input
                id={`news-editor-product-${product.id}`}
                type="checkbox"
                checked={productIds.field.value.includes(product.id)}
                onChange={(e) =>
                  productIds.field.onChange(
                    e.target.checked
                      ? [...productIds.field.value, product.id]
                      : productIds.field.value.filter((p) => p !== product.id),
                  )
                }
              />
              <label htmlFor={`news-editor-product-${product.id}`}>{product.productName}</label>
            </div>
          ))}
          {productsError && (
            <p id="news-editor-productIds-error" className="ui-field__error">
              {productsError}
            </p>
          )}
        </fieldset>
        <div className="news-editor__actions">
          <button type="submit" className="ui-button" disabled={busy}>
            {t(publishLabel)}
          </button>
          {!live && (
            <SecondaryButton disabled={busy} onClick={(e) => void save('draft')(e)}>
              {t('news-editor.action.draft')}
            </SecondaryButton>
          )}
          {(live || current?.status === 'scheduled') && (
            <SecondaryButton disabled={busy} onClick={(e) => void save('unpublish')(e)}>
              {t('news-editor.action.unpublish')}
            </SecondaryButton>
          )}
          {current && (
            <SecondaryButton disabled={busy} onClick={onDelete}>
              {t('news-editor.action.delete')}
            </SecondaryButton>
          )}
        </div>
      </form>
    </div>
  );
}
