export { buildApp, migrationsFolder } from './app';
export * from './config';
export * as schema from './db/schema';
/** Identity's own password hash: the embedded run hashes the demo password once for every demo person. */
export { hashPassword } from './lib/passwords';
/** The directory's use case without HTTP: the bench runs its statements straight on PostgreSQL. */
export { DirectoryService } from './modules/directory/service';
/** Signing-key rotation and resealing: the operator command runs them against identity's database. */
export {
  keySealer,
  PUBLISH_LEAD_SECONDS,
  resealSigningKeys,
  rotateSigningKeys,
  SigningKeys,
  signingKeyStatus,
} from './modules/keys/service';
