import { LANDING_HERO } from './landing-words';
import { escapeHtml } from './page-shell';
import { paths } from './paths';

/**
 * The landing page's hero as index.html's page shell paints it (the build puts it into the route's
 * shell: vite.config.ts, routeReport): the eyebrow, the title, the lead and the button, in the
 * page's boxes (index.html's CSS copies features/landing's landing-page.module.css; the page-shell
 * journey compares them). The preview card beside it from 62em is the app's: the text column is
 * the taller, so the card's arrival moves nothing. The button is a link to where the page's button
 * goes (sign-in; the list of businesses for a stored session, which index.html's loader sets from
 * `data-signed-in`), so a tap before the app has taken over is not lost.
 */
const MAP_PIN =
  '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M12 21s-7-6.1-7-11a7 7 0 0 1 14 0c0 4.9-7 11-7 11z"></path><circle cx="12" cy="10" r="2.5"></circle></svg>';

export const LANDING_BODY = [
  '<section class="shell-hero">',
  '<div class="shell-container shell-hero-inner"><div class="shell-hero-text">',
  `<span class="shell-hero-eyebrow">${MAP_PIN} ${escapeHtml(LANDING_HERO.eyebrow)}</span>`,
  `<h1 class="shell-hero-title">${escapeHtml(LANDING_HERO.title)} <span class="shell-hero-accent">${escapeHtml(LANDING_HERO.accent)}</span></h1>`,
  `<p class="shell-hero-lead">${escapeHtml(LANDING_HERO.lead)}</p>`,
  `<a class="shell-hero-button" href="${paths.login.getHref()}" data-signed-in="${paths.businesses.getHref()}">${escapeHtml(LANDING_HERO.action)}</a>`,
  '</div></div>',
  '</section>',
].join('');
