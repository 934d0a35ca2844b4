import { API_BASE_PATH, API_PATHS } from './early-data';
import { escapeHtml as html } from './page-shell';
import { PROFILE_WORDS } from './profile-words';

/**
 * What index.html's page shell paints of the profile page below its heading (shell-bodies.ts; the
 * build puts it after the heading in the route's shell: vite.config.ts, routeReport). Built at build time from constants only (the page's own words: profile-words.ts);
 * no user data is in it.
 *
 * The profile page (features/profile: ProfilePage, ProfileCard, BookingsPanel's loading state): the
 * tabs, the profile card and the bookings card, in the page's boxes (index.html's CSS, checked by
 * the page-shell journey). The card is a `<template>` that index.html's loader fills from the
 * answer to GET /user/userdetails it asked for (config/page-shell.ts, APP_LOADER): each
 * `data-field` element gets the named fields' text (joined by a space; `data-empty` when there is
 * none), a `data-initials` element their initials; `data-unless` names fields whose presence makes
 * the page draw the card differently (a pending email), and then the loader leaves the skeleton.
 */
const row = (label: string, field: string, empty?: string) =>
  `<div class="shell-detail"><dt>${html(label)}</dt><dd data-field="${field}"${empty ? ` data-empty="${html(empty)}"` : ''}></dd></div>`;

const PROFILE_CARD = [
  `<template data-fill="${API_BASE_PATH}${API_PATHS.userDetails}" data-for="User" data-unless="PendingEmail">`,
  '<div class="shell-profile-head">',
  '<span class="shell-profile-avatar" data-initials="FirstName LastName"></span>',
  `<div class="shell-profile-names"><h2 data-field="FirstName LastName" data-empty="${html(PROFILE_WORDS.untitled)}"></h2><p data-field="Email"></p></div>`,
  '</div>',
  '<dl class="shell-details">',
  row(PROFILE_WORDS.rows.firstName, 'FirstName'),
  row(PROFILE_WORDS.rows.lastName, 'LastName'),
  row(PROFILE_WORDS.rows.email, 'Email'),
  row(PROFILE_WORDS.rows.phone, 'PhoneNumber', PROFILE_WORDS.noPhone),
  row(PROFILE_WORDS.rows.address, 'Address', PROFILE_WORDS.noAddress),
  '</dl>',
  `<span class="shell-profile-button">${html(PROFILE_WORDS.edit)}</span>`,
  '</template>',
].join('');

export const PROFILE_BODY = [
  '<div class="shell-profile" aria-hidden="true">',
  `<div class="shell-tabs"><span class="shell-tab" data-active>${html(PROFILE_WORDS.tabs.profile)}</span><span class="shell-tab">${html(PROFILE_WORDS.tabs.settings)}</span></div>`,
  '<div class="shell-profile-grid">',
  `<div class="shell-profile-card shell-paper"><div class="shell-profile-wait"><div class="shell-block shell-round"></div><div class="shell-block shell-bar"></div><div class="shell-block shell-tall"></div></div>${PROFILE_CARD}</div>`,
  `<div class="shell-profile-bookings shell-paper"><h2>${html(PROFILE_WORDS.bookings)}</h2><div class="shell-block shell-pill"></div><div class="shell-block shell-booking"></div><div class="shell-block shell-booking"></div></div>`,
  '</div></div>',
].join('');
