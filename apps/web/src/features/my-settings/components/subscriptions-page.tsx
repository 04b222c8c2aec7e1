import {
  SUBSCRIPTION_FREQUENCIES,
  subscriptionAnchor,
  subscriptionFrequencySchema,
  type Subscription,
  type SubscriptionFrequency,
  type SubscriptionList,
} from '@portico/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type SubmitEvent } from 'react';
import { useLocation } from 'react-router';
import { FormBanner } from '../../../components/ui/form-banner/form-banner.js';
import { QueryContent } from '../../../components/ui/error-state/error-state.js';
import { catalogueEntryOf } from '../../../lib/http/error-catalogue.js';
import { handleFailure } from '../../../lib/http/failure-handling.js';
import { useT } from '../../../lib/labels/use-t.js';
import { notify } from '../../../lib/notifications/notification-store.js';
import {
  saveSubscriptions,
  subscriptionsQueryKey,
  useSubscriptions,
} from '../api/my-settings-api.js';

const keyOf = (s: Pick<Subscription, 'topic' | 'productId'>) =>
  subscriptionAnchor(s.topic, s.productId);

/**
 * E-mail subscriptions (issue 12, §1, §2 /my-settings/subscriptions): every topic with its
 * frequency. The Stay informed tile links here with the topic as the fragment (#general-news);
 * that topic's group is scrolled to and focused.
 */
export function SubscriptionsPage() {
  const t = useT();
  const list = useSubscriptions();
  return (
    <QueryContent query={list} loading={t('subscriptions.loading')}>
      {(data) => <SubscriptionsForm list={data} />}
    </QueryContent>
  );
}

function SubscriptionsForm({ list }: { list: SubscriptionList }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { hash } = useLocation();
  const [choices, setChoices] = useState<Record<string, SubscriptionFrequency>>(() =>
    Object.fromEntries(list.map((s) => [keyOf(s), s.frequency])),
  );
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  // Arriving at #topic (the Stay informed tile): bring that topic into view and focus it.
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (id === '') return;
    const target = document.getElementById(`subscription-${id}`);
    if (!target) return;
    // jsdom (tests) has no scrollIntoView.
    if (typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'center' });
    target.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, [hash]);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setError('');
    try {
      const saved = await saveSubscriptions(
        list.map((s) => ({
          topic: s.topic,
          productId: s.productId,
          frequency: choices[keyOf(s)] ?? s.frequency,
        })),
      );
      queryClient.setQueryData(subscriptionsQueryKey, saved);
      notify({ type: 'information', title: t('subscriptions.saved'), content: '' });
    } catch (failure) {
      handleFailure(failure, 'caller');
      setError(catalogueEntryOf(failure, t).content);
    } finally {
      setSaving(false);
    }
  };

  const topicName = (s: SubscriptionList[number]) =>
    s.productName
      ? t('subscriptions.topic.with-product', {
          topic: t(`subscriptions.topic.${s.topic}`),
          product: s.productName,
        })
      : t(`subscriptions.topic.${s.topic}`);

  return (
    <div className="ms-page">
      <h2 className="ms-heading">{t('subscriptions.title')}</h2>
      <p>{t('subscriptions.intro')}</p>
      <FormBanner banner={error ? { kind: 'message', text: error } : null} />
      <form className="ms-subscriptions" onSubmit={(e) => void onSubmit(e)}>
        {list.map((s) => {
          const key = keyOf(s);
          return (
            <fieldset key={key} id={`subscription-${key}`} className="ms-topic">
              <legend>{topicName(s)}</legend>
              <div className="ms-topic__choices">
                {SUBSCRIPTION_FREQUENCIES.map((f) => (
                  <label key={f} className="ms-choice">
                    <input
                      type="radio"
                      name={`frequency-${key}`}
                      value={f}
                      checked={(choices[key] ?? s.frequency) === f}
                      onChange={(e) => {
                        const value = subscriptionFrequencySchema.safeParse(e.target.value);
                        if (value.success) setChoices((prev) => ({ ...prev, [key]: value.data }));
                      }}
                    />
                    {t(`subscriptions.frequency.${f}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          );
        })}
        <div className="ms-actions">
          <button type="submit" className="ui-button" aria-busy={saving}>
            {t('subscriptions.save')}
          </button>
        </div>
      </form>
    </div>
  );
}
