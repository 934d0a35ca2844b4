import type { OutboxMessage } from '@app/domain';

import { escapeHtml } from '../../mail/layout';

const STATE: Record<OutboxMessage['status'], string> = {
  pending: 'Waiting to send',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Not sent',
};

function stateLine(m: OutboxMessage): string {
  const tries = `${m.attempts} ${m.attempts === 1 ? 'try' : 'tries'}`;
  const when =
    m.status === 'sent' && m.sentAt
      ? ` at <time datetime="${m.sentAt}">${escapeHtml(m.sentAt)}</time>`
      : m.status === 'pending'
        ? ` (next try from <time datetime="${m.notBefore}">${escapeHtml(m.notBefore)}</time>)`
        : '';
  const error = m.lastError ? `<br><span class="error">${escapeHtml(m.lastError)}</span>` : '';
  return `<span class="state state-${m.status}">${STATE[m.status]}</span>${when} · ${tries}${error}`;
}

/** A plain page for people: newest first, no scripts (the CSP allows none inline). */
export function renderOutboxPage(messages: readonly OutboxMessage[], to: string | undefined): string {
  const items = messages
    .map(
      (m) => `<article>
  <header><strong>${escapeHtml(m.subject)}</strong><br><span>To ${escapeHtml(m.to)} · <time datetime="${m.createdAt}">${escapeHtml(m.createdAt)}</time> · ${escapeHtml(m.kind)}</span><br>${stateLine(m)}</header>
  <pre>${escapeHtml(m.text)}</pre>${m.htmlUrl ? `\n  <p><a href="${escapeHtml(m.htmlUrl)}">The HTML part, as sent</a></p>` : ''}${m.attachments.length ? `\n  <p>Attached: ${m.attachments.map(escapeHtml).join(', ')}</p>` : ''}
</article>`,
    )
    .join('\n');
  const filter = to ? ` for ${escapeHtml(to)} (<a href="/dev/outbox">show all</a>)` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox</title>
<style>
body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1a1b1e}
article{border:1px solid #dee2e6;border-radius:8px;padding:1rem;margin:1rem 0}
header span{color:#495057;font-size:.9em}
.state{font-weight:600}.state-sent{color:#2b8a3e}.state-failed,.error{color:#c92a2a}.state-pending{color:#1c7ed6}
pre{white-space:pre-wrap;font-size:1rem;background:#f8f9fa;padding:.75rem;border-radius:6px}
code{background:#f1f3f5;padding:0 .25rem;border-radius:4px}
</style>
</head>
<body>
<h1>Outbox</h1>
<p>Every email the server has written${filter}, newest first, with its delivery state and tries. Without SMTP_URL nothing leaves the server: “Sent” means kept here. Failed mail goes again with <code>npm run mail -- retry</code>. Only available outside production. JSON: <a href="/api/dev/outbox">/api/dev/outbox</a>.</p>
<form method="get" action="/dev/outbox"><label>Recipient <input type="email" name="to" value="${escapeHtml(to ?? '')}"></label> <button type="submit">Filter</button></form>
${items || '<p>No emails yet.</p>'}
</body>
</html>`;
}
