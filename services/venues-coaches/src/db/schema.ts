/** The venues database: this service's tables only. */
export { inbox, outbox } from '@linksmate/platform';
