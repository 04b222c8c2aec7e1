import { useT } from '../../../lib/labels/use-t.js';
import '../university.labels.js';

/** Stands in for {{email}} so the label can be split around the link. */
const EMAIL_MARK = '\u0000email\u0000';

/**
 * 'Questions? Contact us at {{email}}' with the address as a mailto link. A server label
 * without the placeholder still gets the link, after its text.
 */
export function ContactLine({ email }: { email: string }) {
  const t = useT();
  const text = t('university.contact', { email: EMAIL_MARK });
  const at = text.indexOf(EMAIL_MARK);
  const before = at < 0 ? `${text} ` : text.slice(0, at);
  const after = at < 0 ? '' : text.slice(at + EMAIL_MARK.length).replaceAll(EMAIL_MARK, email);
  return (
    <p className="university__contact">
      {before}
      <a href={`mailto:${email}`}>{email}</a>
      {after}
    </p>
  );
}
