import { fileURLToPath } from 'node:url';
import {
  createObjectStorage,
  createService,
  type HttpApp,
  type ServiceDeps,
  systemClock,
  type TokenVerifier,
} from '@linksmate/platform';
import type { IdentityConfig } from './config';
import { consumeMembershipChanges } from './consumers/membership-changed';
import * as schema from './db/schema';
import { loginAttemptCleanup } from './jobs/login-attempt-cleanup';
import { profileImageSweep } from './jobs/profile-image-sweep';
import { LoginGuard } from './modules/auth/login-guard';
import { registerAuthRoutes } from './modules/auth/routes';
import { AuthService } from './modules/auth/service';
import { registerDirectoryRoutes } from './modules/directory/routes';
import { DirectoryService } from './modules/directory/service';
import { registerImageRoutes } from './modules/images/routes';
import { ProfileImages } from './modules/images/service';
import { registerKeyRoutes } from './modules/keys/routes';
import { keySealer, SigningKeys } from './modules/keys/service';
import { registerMembershipRoutes } from './modules/memberships/routes';
import { MembershipSnapshots } from './modules/memberships/service';
import { registerModerationRoutes } from './modules/moderation/routes';
import { ModerationService } from './modules/moderation/service';
import { registerProfileRoutes } from './modules/profile/routes';
import { ProfileService } from './modules/profile/service';
import { registerSessionRoutes } from './modules/sessions/routes';
import { SessionsService } from './modules/sessions/service';
import { registerUserRoutes } from './modules/users/routes';
import { UsersService } from './modules/users/service';

export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** identity: accounts, authentication, tokens and profiles. */
export async function buildApp(config: IdentityConfig, deps: ServiceDeps = {}): Promise<HttpApp> {
  // identity verifies its own tokens with the keys it holds, not over HTTP to itself.
  let ownKeys: TokenVerifier | undefined;
  const verifier: TokenVerifier = deps.verifier ?? { verify: (token) => ownKeys!.verify(token) };
  // Before the database: a storage misconfiguration stops the boot with nothing opened yet.
  const storage = await createObjectStorage(config, 'identity');
  const { app, runtime } = await createService({
    name: 'identity',
    title: 'LinksMate identity',
    schema,
    migrationsFolder,
    config,
    deps: { ...deps, verifier },
  });
  const clock = deps.clock ?? systemClock;
  const db = runtime.db;
  const keys = await SigningKeys.load({
    db,
    sealer: keySealer(config),
    clock,
    ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    logger: runtime.logger.child({ component: 'signing-keys' }),
  });
  keys.startReloading(config.SIGNING_KEY_RELOAD_SECONDS * 1000);
  runtime.closeAfterHandlers(() => keys.stop());
  ownKeys = keys.verifier;
  const users = new UsersService({ runtime, clock });
  const memberships = new MembershipSnapshots({ runtime, notices: users.notices, clock });
  const loginGuard = new LoginGuard({ db, clock, config });
  const sessions = new SessionsService({ db, users, clock });
  const auth = new AuthService({ db, runtime, users, loginGuard, memberships, keys, sessions, clock });

  runtime.closeAfterHandlers(() => storage.close());
  const images = new ProfileImages({
    db,
    storage,
    users,
    clock,
    logger: runtime.logger.child({ component: 'profile-images' }),
  });

  registerKeyRoutes(app, keys);
  registerAuthRoutes(app, auth, sessions);
  registerSessionRoutes(app, sessions);
  registerProfileRoutes(app, new ProfileService({ runtime, users, memberships, images, clock }));
  await registerImageRoutes(app, images);
  registerDirectoryRoutes(app, new DirectoryService(runtime.preparedDb));
  registerUserRoutes(app, users, auth);
  registerMembershipRoutes(app, memberships, { tokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS });
  registerModerationRoutes(app, new ModerationService({ runtime, users, auth, memberships, clock }));
  consumeMembershipChanges(runtime, users, memberships);
  runtime.job(loginAttemptCleanup(auth));
  runtime.job(profileImageSweep(images));
  return app;
}
