export * from './api';
export * from './banners';
export * from './contract';
export * from './format';
export * from './router';
export * from './session';
export * from './shop';
export * from './states';
export * from './query-state';
export { PolarisRoot } from './polaris';
export { useRemoteToast } from './toast';
export * from './lazy-page';
export * from './event-log';
export * from './feature-lock';
export * from './lexware-link';
export * from './settings-home';
export * from './partner-overview';
export * from './admin-frame';
// What the shell's index.html runs as written too, to write a first view's texts as the app writes them.
export {
  partnerFigureTexts,
  staffLineText,
  type PartnerFigureTexts,
  type PartnerSummary,
  type StaffPerson,
} from '../first-view.mjs';
