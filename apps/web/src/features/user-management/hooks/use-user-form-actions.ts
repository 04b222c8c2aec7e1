import { fullName, type AccountUser, type AccountUserInput } from '@portico/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { FormBannerState } from '../../../components/ui/form-banner/form-banner.js';
import { paths, withQuery } from '../../../config/paths.js';
import { catalogueEntryOf } from '../../../lib/http/error-catalogue.js';
import { handleFailure } from '../../../lib/http/failure-handling.js';
import { HttpError } from '../../../lib/http/http-error.js';
import { localizeMessage } from '../../../lib/labels/localize-message.js';
import { useT } from '../../../lib/labels/use-t.js';
import { notify } from '../../../lib/notifications/notification-store.js';
import {
  changeInvitation,
  createUser,
  deleteUser,
  fetchAccountUser,
  updateUser,
  userQueryKey,
} from '../api/user-management-api.js';
import { inputOf, isFormField } from '../components/user-form-model.js';

interface Options {
  /** The saved user (null: a new one). */
  user: AccountUser | null;
  form: UseFormReturn<AccountUserInput>;
  /** The account the user is (to be) in. */
  accountId: string;
  /** The list's address to go back to (with the account when it can be switched). */
  listHref: string;
  canSwitchAccount: boolean;
}

/**
 * What the user form does (§3, §5): save or create, reload after a conflict, deactivate,
 * delete after consent, resend or revoke an invitation; a failure becomes the form's banner
 * or the fields' own messages.
 */
export function useUserFormActions({ user, form, accountId, listHref, canSwitchAccount }: Options) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<AccountUser | null>(user);
  const [banner, setBanner] = useState<FormBannerState | null>(null);
  const [saving, setSaving] = useState(false);
  const { reset, setError, clearErrors } = form;

  const showServerError = (error: unknown) => {
    handleFailure(error, 'caller');
    const status = error instanceof HttpError ? error.status : 0;
    const fieldErrors = error instanceof HttpError ? error.fieldErrors : undefined;
    const detail = error instanceof HttpError ? error.problem?.detail : undefined;
    if (status === 412) {
      setBanner({ kind: 'conflict', text: t('user-management.form.conflict') });
      return;
    }
    if (fieldErrors) {
      for (const [name, message] of Object.entries(fieldErrors)) {
        if (isFormField(name)) setError(name, { type: 'server', message });
      }
      setBanner({ kind: 'invalid', text: t('user-management.form.invalid') });
      return;
    }
    clearErrors();
    // A 409 carries a §5 form text (licences exceeded); everything else is the §8 catalogue.
    const text =
      status === 409 && detail !== undefined
        ? localizeMessage(detail, t)
        : catalogueEntryOf(error, t).content;
    setBanner({ kind: 'message', text });
  };

  /** The saved user is now `saved`: the form shows it, the lists read again. */
  const took = async (saved: AccountUser) => {
    await queryClient.invalidateQueries({ queryKey: ['user-management'] });
    setCurrent(saved);
    reset(inputOf(saved));
    queryClient.setQueryData(userQueryKey(saved.id), saved);
    notify({ type: 'information', title: t('user-management.saved'), content: '' });
  };

  const onInvalid = () => setBanner({ kind: 'invalid', text: t('user-management.form.invalid') });

  const onValid = async (input: AccountUserInput) => {
    if (saving) return;
    setSaving(true);
    try {
      const saved = current ? await updateUser(current, input) : await createUser(accountId, input);
      clearErrors();
      setBanner(null);
      if (current) {
        await took(saved);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['user-management'] });
      notify({ type: 'information', title: t('user-management.created'), content: '' });
      void navigate(
        withQuery(`${paths.userManagement()}/${encodeURIComponent(saved.id)}`, {
          accountId: canSwitchAccount ? accountId : undefined,
        }),
      );
    } catch (error) {
      showServerError(error);
    } finally {
      setSaving(false);
    }
  };

  const onReload = async () => {
    if (!current) return;
    const next = await fetchAccountUser(current.id).catch((error: unknown) => {
      handleFailure(error);
      return null;
    });
    if (!next) return;
    queryClient.setQueryData(userQueryKey(next.id), next);
    setCurrent(next);
    reset(inputOf(next));
    setBanner(null);
  };

  const onDeactivate = async () => {
    if (!current) return;
    const next = { ...inputOf(current), active: false };
    reset(next);
    setSaving(true);
    try {
      await took(await updateUser(current, next));
    } catch (error) {
      showServerError(error);
    } finally {
      setSaving(false);
    }
  };

  // Deleting asks first (ConfirmDialog on the page): Cancel, Deactivate instead, or Delete.
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const onDelete = () => setConfirmingDelete(true);
  const cancelDelete = () => setConfirmingDelete(false);
  const confirmDelete = async () => {
    setConfirmingDelete(false);
    if (!current) return;
    try {
      await deleteUser(current);
      await queryClient.invalidateQueries({ queryKey: ['user-management'] });
      notify({ type: 'information', title: t('user-management.deleted'), content: '' });
      // The list says which user went (deletedUserState), where the administrator lands.
      void navigate(listHref, { state: { deletedUser: fullName(current) } });
    } catch (error) {
      showServerError(error);
    }
  };

  const onInvitation = async (action: 'resend' | 'revoke') => {
    if (!current) return;
    if (!(await changeInvitation(current, action))) return;
    notify({
      type: 'information',
      title: t(
        action === 'resend'
          ? 'user-management.invitation.resent'
          : 'user-management.invitation.revoked',
      ),
      content: '',
    });
  };

  return {
    current,
    banner,
    saving,
    onValid,
    onInvalid,
    onReload,
    onDeactivate,
    onDelete,
    confirmingDelete,
    cancelDelete,
    confirmDelete,
    onInvitation,
  };
}
