/** Dismissed banners live in the kit, where the remotes remember theirs too. */
export { BANNER_PREFIX, dismiss, isDismissed } from '@belegfluss/frontend-kit';
