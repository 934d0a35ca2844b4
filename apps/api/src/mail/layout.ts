import { PRODUCT_NAME } from '@app/domain';

// The product's look for every email's HTML part (issue 29, item 21). Email clients drop <style>
// blocks and external CSS unevenly, so every rule is inline; the layout is one centred column of at
// most 560 px that narrows with the screen (no fixed widths, no tables for layout), in the web app's
// colours (petrol blue, its shade 7 on white passes WCAG AA) and system fonts.

const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";
export const EMAIL_COLOURS = {
  brand: '#007794',
  brandDark: '#005b74',
  text: '#212529',
  muted: '#495057',
  line: '#dee2e6',
  page: '#f1f3f5',
} as const;

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A paragraph of escaped text. */
export const paragraph = (text: string, style = '') =>
  `<p style="margin:0 0 16px;${style}">${escapeHtml(text)}</p>`;

/** The email's main action: a button-like link (and the address in the text part). */
export const actionLink = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:${EMAIL_COLOURS.brand};color:#ffffff;font-weight:700;text-decoration:none">${escapeHtml(label)}</a></p>`;

/** Label: value rows (a booking's facts), each on its own line, wrapping on a narrow screen. */
export const factList = (lines: readonly string[]) =>
  `<ul style="margin:0 0 16px;padding:12px 16px;list-style:none;border:1px solid ${EMAIL_COLOURS.line};border-radius:8px">${lines
    .map((line) => {
      const colon = line.indexOf(': ');
      const content =
        colon > 0
          ? `<strong>${escapeHtml(line.slice(0, colon))}:</strong> ${escapeHtml(line.slice(colon + 2))}`
          : escapeHtml(line);
      return `<li style="margin:4px 0;overflow-wrap:anywhere;white-space:pre-wrap">${content}</li>`;
    })
    .join('')}</ul>`;

/**
 * A whole HTML document around an email's content: the product's name as its header, the content,
 * and a footer saying who sends it. `preview` is the line inboxes show after the subject.
 */
export function emailDocument({
  title,
  preview,
  body,
}: {
  title: string;
  preview: string;
  body: string;
}): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en-GB">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light">',
    `<title>${escapeHtml(title)}</title>`,
    '</head>',
    `<body style="margin:0;padding:0;background:${EMAIL_COLOURS.page};color:${EMAIL_COLOURS.text};font-family:${FONT};font-size:16px;line-height:1.5">`,
    // The inbox's preview line, not shown in the message itself.
    `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(preview)}</div>`,
    '<div style="padding:24px 12px">',
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid ${EMAIL_COLOURS.line};border-radius:12px">`,
    `<header style="padding:16px 24px;border-bottom:3px solid ${EMAIL_COLOURS.brand}"><span style="font-size:20px;font-weight:800;color:${EMAIL_COLOURS.text}">TrimTime <span style="color:${EMAIL_COLOURS.brand}">NI</span></span></header>`,
    `<main style="padding:24px;overflow-wrap:anywhere">${body}</main>`,
    `<footer style="padding:16px 24px;border-top:1px solid ${EMAIL_COLOURS.line};font-size:13px;color:${EMAIL_COLOURS.muted}">${escapeHtml(PRODUCT_NAME)}: barbers and hair and beauty providers across Northern Ireland.</footer>`,
    '</div>',
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}
