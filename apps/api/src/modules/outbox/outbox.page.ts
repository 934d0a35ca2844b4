/** What the page shows of a kept email (the routes' OutboxMessage). */
export interface ShownEmail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain page for people: newest first, no scripts (the CSP allows none inline). */
export function renderOutboxPage(messages: readonly ShownEmail[], to: string | undefined): string {
  const items = messages
    .map(
      (m) => `<article>
  <header><strong>${escapeHtml(m.subject)}</strong><br><span>To ${escapeHtml(m.to)} · <time datetime="${m.createdAt}">${escapeHtml(m.createdAt)}</time></span></header>
  <pre>${escapeHtml(m.text)}</pre>
</article>`,
    )
    .join('\n');
  const filter = to ? ` for ${escapeHtml(to)} (<a href="/dev/outbox">show all</a>)` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development outbox</title>
<style>
body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1a1b1e}
article{border:1px solid #dee2e6;border-radius:8px;padding:1rem;margin:1rem 0}
header span{color:#495057;font-size:.9em}
pre{white-space:pre-wrap;font-size:1rem;background:#f8f9fa;padding:.75rem;border-radius:6px}
</style>
</head>
<body>
<h1>Development outbox</h1>
<p>Emails the server would have sent${filter}. Newest first. Only available outside production when SMTP_URL is not set. JSON: <a href="/api/dev/outbox">/api/dev/outbox</a>.</p>
<form method="get" action="/dev/outbox"><label>Recipient <input type="email" name="to" value="${escapeHtml(to ?? '')}"></label> <button type="submit">Filter</button></form>
${items || '<p>No emails yet.</p>'}
</body>
</html>`;
}
