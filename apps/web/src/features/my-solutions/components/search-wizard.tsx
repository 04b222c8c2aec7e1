import type { ProductSummary } from '@portico/contracts';
import { WIZARD_TARGETS, isValidProductQuery } from '@portico/contracts/values';
import { useEffect, useId, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  DEFAULT_MIN_LENGTH,
  validateQuery,
} from '../../../components/ui/search-box/search-query.js';
import { QueryErrorState } from '../../../components/ui/error-state/error-state.js';
import { useT } from '../../../lib/labels/use-t.js';
import { useReleases } from '../api/products.js';
import {
  WIZARD_STEPS,
  readWizardState,
  wizardHref,
  wizardTarget,
  type WizardState,
} from '../utils/wizard-state.js';
import { SecondaryButton } from '../../../components/ui/button/secondary-button.js';

/** Navigation state the wizard sets so the next step takes the focus (not on a first visit). */
interface WizardNavigationState {
  wizardFocus?: boolean;
}

interface Choice {
  value: string;
  label: string;
}

/**
 * The product-information search wizard (§1; ADR 0036). One step at a time, each a fieldset
 * whose legend is the step's heading and whose answers are native radio buttons (arrow keys
 * move between them), with Back and Next; the last step takes an optional query and lands on
 * the product page's tab with the filters applied. Answers live in the address.
 */
export function SearchWizard({ products }: { products: readonly ProductSummary[] }) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => readWizardState(location.search), [location.search]);
  const focus = (location.state as WizardNavigationState | null)?.wizardFocus === true;

  const go = (next: WizardState) =>
    void navigate(wizardHref(next), {
      state: { wizardFocus: true } satisfies WizardNavigationState,
    });

  const product = products.find((p) => p.id === state.product);
  const onFinish = (query: string) => {
    if (!product) return;
    const target = wizardTarget({ ...state, query }, product);
    if (target === null) return;
    // Keep the answers in this history entry, so Back from the product page returns to them.
    void navigate(wizardHref({ ...state, query }), { replace: true });
    void navigate(target);
  };

  return (
    <section className="ui-panel my-solutions-wizard" aria-labelledby="wizard-title">
      <h2 id="wizard-title">{t('my-solutions.wizard.title')}</h2>
      <p className="my-solutions-wizard__progress">
        {t('my-solutions.wizard.progress', { step: state.step, total: WIZARD_STEPS.length })}
      </p>
      <WizardStepForm
        // A new step (or new answers) is a new form: its local choice starts from the address.
        key={location.search}
        state={state}
        products={products}
        focusOnMount={focus}
        onBack={() => go({ ...state, step: state.step - 1 })}
        onNext={(patch) => go({ ...state, ...patch, step: state.step + 1 })}
        onFinish={onFinish}
      />
    </section>
  );
}

interface StepFormProps {
  state: WizardState;
  products: readonly ProductSummary[];
  focusOnMount: boolean;
  onBack: () => void;
  onNext: (patch: Partial<WizardState>) => void;
  onFinish: (query: string) => void;
}

function WizardStepForm({
  state,
  products,
  focusOnMount,
  onBack,
  onNext,
  onFinish,
}: StepFormProps) {
  const t = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const errorId = useId();
  const inputId = useId();
  const hintId = useId();
  const step = WIZARD_STEPS[state.step - 1] ?? 'product';
  const releases = useReleases(step === 'release' ? state.product : undefined);
  const [value, setValue] = useState(() => initialValue(state, step));
  const [error, setError] = useState('');

  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);

  let choices: Choice[] = [];
  if (step === 'product') choices = products.map((p) => ({ value: p.id, label: p.productName }));
  else if (step === 'release')
    choices = [
      { value: '', label: t('my-solutions.wizard.release.any') },
      ...(releases.data ?? []).map((r) => ({ value: r.version, label: r.version })),
    ];
  else if (step === 'what')
    choices = WIZARD_TARGETS.map((w) => ({ value: w, label: t(`my-solutions.wizard.what.${w}`) }));

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (step === 'product') {
      if (!products.some((p) => p.id === value))
        return setError(t('my-solutions.wizard.no-product'));
      return onNext({ product: value, ...(value === state.product ? {} : { release: '' }) });
    }
    if (step === 'release') return onNext({ release: value });
    if (step === 'what') {
      if (!(WIZARD_TARGETS as readonly string[]).includes(value))
        return setError(t('my-solutions.wizard.no-what'));
      return onNext({ what: value as WizardState['what'] });
    }
    if (!isValidProductQuery(value)) return setError(t('my-solutions.wizard.query.invalid'));
    // §9's minimum of 3 holds for every target, as in every search box (issue 37); an empty
    // query still means "everything".
    if (validateQuery(value) === 'minlength')
      return setError(t('my-solutions.wizard.query.too-short', { number: DEFAULT_MIN_LENGTH }));
    onFinish(value.trim());
  };

  const heading = (
    <h3 ref={headingRef} tabIndex={-1} className="my-solutions-wizard__question">
      {t(`my-solutions.wizard.step.${step}`)}
    </h3>
  );
  const describedBy = error ? errorId : undefined;

  return (
    <form className="my-solutions-wizard__form" noValidate onSubmit={onSubmit}>
      {step === 'query' ? (
        <div className="my-solutions-wizard__query">
          {heading}
          <label htmlFor={inputId}>{t('my-solutions.wizard.query.label')}</label>
          <input
            id={inputId}
            type="search"
            value={value}
            maxLength={200}
            aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setValue(event.target.value)}
          />
          <p id={hintId} className="my-solutions-wizard__hint">
            {t('my-solutions.wizard.query.hint')}
          </p>
        </div>
      ) : (
        <fieldset
          className="my-solutions-wizard__choices"
          aria-describedby={describedBy}
          aria-busy={step === 'release' && releases.isLoading}
        >
          <legend>{heading}</legend>
          {choices.map((choice) => (
            <label key={choice.value} className="my-solutions-wizard__choice">
              <input
                type="radio"
                name={`wizard-${step}`}
                value={choice.value}
                checked={value === choice.value}
                onChange={() => {
                  setValue(choice.value);
                  setError('');
                }}
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </fieldset>
      )}
      {/* Without the releases only "any release" is offered: the §8 text and a retry. */}
      {step === 'release' && releases.isError && <QueryErrorState query={releases} />}
      {error && (
        <p id={errorId} className="ui-error-text" role="alert">
          {error}
        </p>
      )}
      <div className="my-solutions-wizard__actions">
        {state.step > 1 && (
          <SecondaryButton onClick={onBack}>{t('my-solutions.wizard.back')}</SecondaryButton>
        )}
        <button type="submit" className="ui-button">
          {t(step === 'query' ? 'my-solutions.wizard.show' : 'my-solutions.wizard.next')}
        </button>
      </div>
    </form>
  );
}

function initialValue(state: WizardState, step: (typeof WIZARD_STEPS)[number]): string {
  switch (step) {
    case 'product':
      return state.product;
    case 'release':
      return state.release;
    case 'what':
      return state.what;
    case 'query':
      return state.query;
  }
}
