import type { Queryable } from '../db/db.js';
import { sanitizeHtml } from '../lib/sanitize-html.js';

// §3 Content documents, looked up by key: the report-engine download page (§2
// download-report-engine) and the help texts the toolbar's Help link opens in the modal.
export const demoContentDocuments = [
  {
    id: 'download-erpx-description',
    title: 'ERPx report engine',
    content: `
<p>The <strong>ERPx report engine</strong> renders your financial statements, invoices and
operational reports on your own workstation, so large reports no longer wait in the cloud
queue. It reads the report definitions of your ERPx environment and keeps them in step on
every start.</p>
<h3>Before you install</h3>
<ul>
  <li>Windows 10 or 11 (64-bit), or Windows Server 2019 or later</li>
  <li>.NET 8 Desktop Runtime</li>
  <li>A user with the <em>Report designer</em> role in ERPx</li>
</ul>
<h3>Installation</h3>
<ol>
  <li>The download starts automatically. If it does not, use the download link on this page.</li>
  <li>Run the installer and sign in with your Portico account when asked.</li>
  <li>Choose the ERPx environment to connect to; the engine picks up its report definitions.</li>
</ol>
<p>Read the <a href="https://community.portico.test/erpx/report-engine" target="_blank">release
notes</a> for what changed in this version.</p>`,
  },
  {
    id: 'news-help',
    title: 'Searching the news',
    content: `
<p>Type one or more words and press <strong>Search</strong>. News items that contain all of
the words in their title, subtitle, introduction or text are shown, best matches first.</p>
<ul>
  <li>Put a phrase in quotes to find it exactly: <code>"release schedule"</code>.</li>
  <li>Use <code>or</code> between words to find items with either word: <code>cloud or hosting</code>.</li>
  <li>Put a minus before a word to leave it out: <code>partner -webinar</code>.</li>
</ul>
<p>Use the date filter to show only news published between two dates, or one of the quick
options: last week, last month or last year.</p>`,
  },
  {
    id: 'search-help',
    title: 'Searching the portal',
    content: `
<p>The search looks through product documentation, software downloads, product news, the
general news, the community and, when your subscription includes it, knowledge articles,
support cases and the service catalogue.</p>
<p>Choose a product to search its documentation, downloads and news. Each result card shows
how many results it found; open a card to see them.</p>`,
  },
  {
    id: 'subscriptions-help',
    title: 'E-mail subscriptions',
    content: `
<p>Choose which news and product updates you receive by e-mail. Changes take effect with the
next mailing. You can unsubscribe at any time with the link at the bottom of every e-mail.</p>`,
  },
] as const;

export async function seedContent(tx: Queryable): Promise<void> {
  for (const d of demoContentDocuments) {
    await tx.query('insert into content_documents (id, title, content) values ($1, $2, $3)', [
      d.id,
      d.title,
      sanitizeHtml(d.content.trim()),
    ]);
  }
}
