// The zod-free part of the contracts: the error path is on the start-up path (ADR 0047).
import { newsEditorMessages, userFormMessages } from '@portico/contracts/messages';
import { defineLabels } from './define-labels.js';

/**
 * The validation and rule messages of the shared contracts (§5), which the forms show from a
 * zod issue or from the API's 400/409 answer, as labels (issue 16): `message.<form>.<name>`
 * with the contract's English text as the default. localizeMessage() finds the label by it.
 */
const prefixed = <P extends string, M extends Readonly<Record<string, string>>>(
  prefix: P,
  messages: M,
) =>
  // Object.fromEntries forgets the keys; they are the messages' names behind the prefix.
  Object.fromEntries(
    Object.entries(messages).map(([name, text]) => [`${prefix}${name}`, text]),
  ) as { [K in Extract<keyof M, string> as `${P}${K}`]: string };

export const apiMessageLabels = defineLabels({
  ...prefixed('message.user-form.', userFormMessages),
  ...prefixed('message.news-editor.', newsEditorMessages),
});
