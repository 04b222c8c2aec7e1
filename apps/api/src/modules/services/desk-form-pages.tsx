import type { CatalogueItemRow } from './services.repository.js';
import {
  CATEGORIES,
  PRIORITIES,
  caseValueText as valueText,
  type FieldErrors,
} from './services.service.js';
import {
  CSRF_FIELD,
  DESK_PREFIX,
  describedBy,
  ErrorSummary,
  Field,
  FieldError,
  formTitle,
  Options,
  renderDeskPage,
  Required,
  RequiredNote,
  type DeskTexts,
} from './desk-page-parts.js';

// The desk's two forms (issue 5): report an incident, request a service from the catalogue.

export interface IncidentPageOptions {
  csrf: string;
  values: Record<string, string>;
  errors: FieldErrors<string>;
}

/**
 * The props of a form's required control `id`: its name, what describes it (its hint, when
 * `hint`, and its error), whether it is invalid, and the value sent last.
 */
const controlOf =
  (values: Record<string, string>, errors: FieldErrors<string>) => (id: string, hint: boolean) => ({
    className: 'ui-control',
    id,
    name: id,
    'aria-required': true,
    'aria-describedby': describedBy(id, hint, !!errors[id]),
    'aria-invalid': errors[id] ? true : undefined,
    defaultValue: values[id] ?? '',
  });

export function incidentPage(
  texts: DeskTexts,
  { csrf, values, errors }: IncidentPageOptions,
): string {
  const { t } = texts;
  const title = t('desk.incident.title');
  const control = controlOf(values, errors);
  // The category and the priority: one of the desk's values, each in the reader's language.
  const choice = (id: 'category' | 'priority', values: readonly string[]) => (
    <Field t={t} id={id} label={t(`desk.incident.${id}`)} error={errors[id]}>
      <select {...control(id, false)}>
        <Options
          values={values}
          text={(value) => valueText(t, `desk.${id}`, value)}
          placeholder={t(`desk.incident.${id}.placeholder`)}
        />
      </select>
    </Field>
  );
  return renderDeskPage(texts, {
    heading: title,
    documentTitle: formTitle(t, title, Object.keys(errors).length > 0),
    children: (
      <>
        <ErrorSummary t={t} errors={errors} />
        <p>{t('desk.incident.intro')}</p>
        <RequiredNote t={t} />
        <form method="post" action={`${DESK_PREFIX}/incident`} noValidate>
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <Field
            t={t}
            id="shortDescription"
            label={t('desk.incident.short-description')}
            hint={t('desk.incident.short-description.hint')}
            error={errors.shortDescription}
          >
            <input type="text" autoComplete="off" {...control('shortDescription', true)} />
          </Field>
          <Field
            t={t}
            id="description"
            label={t('desk.incident.description')}
            hint={t('desk.incident.description.hint')}
            error={errors.description}
          >
            <textarea rows={8} {...control('description', true)} />
          </Field>
          {choice('category', CATEGORIES)}
          {choice('priority', PRIORITIES)}
          <button type="submit" className="ui-button">
            {t('desk.incident.submit')}
          </button>
        </form>
      </>
    ),
  });
}

export interface ServiceRequestPageOptions {
  csrf: string;
  catalogue: readonly CatalogueItemRow[];
  values: Record<string, string>;
  errors: FieldErrors<string>;
}

export function serviceRequestPage(
  texts: DeskTexts,
  { csrf, catalogue, values, errors }: ServiceRequestPageOptions,
): string {
  const { t } = texts;
  const selected = values.item ?? '';
  const firstItemId = catalogue[0] ? `item-${catalogue[0].id}` : 'description';
  const itemError = errors.item;
  const title = t('desk.service-request.title');
  return renderDeskPage(texts, {
    heading: title,
    documentTitle: formTitle(t, title, Object.keys(errors).length > 0),
    children: (
      <>
        <ErrorSummary t={t} errors={errors} anchors={{ item: firstItemId }} />
        <p>{t('desk.service-request.intro')}</p>
        <RequiredNote t={t} />
        <form method="post" action={`${DESK_PREFIX}/service-request`} noValidate>
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <fieldset
            className={itemError ? 'field field--error' : 'field'}
            aria-describedby={itemError ? 'item-error' : undefined}
          >
            <legend>
              {t('desk.service-request.service')} <Required />
            </legend>
            {itemError && <FieldError t={t} id="item" error={itemError} />}
            {catalogue.map((item) => {
              const id = `item-${item.id}`;
              return (
                <div className="choice" key={item.id}>
                  <input
                    type="radio"
                    id={id}
                    name="item"
                    value={item.id}
                    aria-describedby={`${id}-hint`}
                    defaultChecked={item.id === selected}
                  />
                  <label htmlFor={id}>
                    {item.title}{' '}
                    <span className="tag">{valueText(t, 'desk.category', item.category)}</span>
                  </label>
                  <p className="hint" id={`${id}-hint`}>
                    {item.description}
                  </p>
                </div>
              );
            })}
          </fieldset>
          <Field
            t={t}
            id="description"
            label={t('desk.service-request.description')}
            hint={t('desk.service-request.description.hint')}
            error={errors.description}
          >
            <textarea rows={6} {...controlOf(values, errors)('description', true)} />
          </Field>
          <button type="submit" className="ui-button">
            {t('desk.service-request.submit')}
          </button>
        </form>
      </>
    ),
  });
}
