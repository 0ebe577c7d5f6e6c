import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, ServiceConfigFields, STANDALONE } from '../src/config';

const Schema = Type.Object({
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 3000 }),
  DATABASE_URL: ServiceConfigFields.DATABASE_URL,
  AMQP_URL: ServiceConfigFields.AMQP_URL,
  DEBUG: Type.Boolean({ default: false }),
});

describe('loadConfig', () => {
  it('when variables are valid, then they are converted to their types with defaults applied', () => {
    const config = loadConfig(Schema, { DATABASE_URL: 'postgres://x@y/z', DEBUG: 'true' });
    expect(config).toEqual({ PORT: 3000, DATABASE_URL: 'postgres://x@y/z', DEBUG: true });
  });

  it('when several variables are bad, then boot fails with one message listing every one', () => {
    let error: unknown;
    try {
      loadConfig(Schema, { PORT: 'eighty', AMQP_URL: 'http://nope' }, 'identity');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('Invalid configuration for identity');
    expect(message).toMatch(/PORT: .*eighty/);
    expect(message).toContain('DATABASE_URL: is required');
    expect(message).toMatch(/AMQP_URL: .*http:\/\/nope/);
    expect((error as ConfigError).problems).toHaveLength(3);
  });

  it('when a bad value holds a password, then the message hides it', () => {
    expect(() => loadConfig(Schema, { DATABASE_URL: 'mysql://app:s3cret@db/app' })).toThrow(
      /DATABASE_URL: .*mysql:\/\/app:\*\*\*@db\/app/,
    );
    expect(() => loadConfig(Schema, { DATABASE_URL: 'mysql://app:s3cret@db/app' })).not.toThrow(/s3cret/);
  });

  it('when production runs with the development service token, then boot fails saying so', () => {
    const WithSecrets = Type.Object({
      NODE_ENV: ServiceConfigFields.NODE_ENV,
      SERVICE_TOKEN: ServiceConfigFields.SERVICE_TOKEN,
    });
    expect(() => loadConfig(WithSecrets, {})).not.toThrow();
    const production = { NODE_ENV: 'production' };
    expect(() => loadConfig(WithSecrets, production)).toThrow(
      /SERVICE_TOKEN: must be set to a secret of your own/,
    );
    expect(() =>
      loadConfig(WithSecrets, { ...production, SERVICE_TOKEN: 'a-real-secret-of-32-characters!' }),
    ).not.toThrow();
  });

  it('when a variable is empty, then it counts as unset', () => {
    expect(() => loadConfig(Schema, { DATABASE_URL: '' })).toThrow(/DATABASE_URL: is required/);
  });
});

describe('loadConfig: what a process on its own and production need', () => {
  const Service = Type.Object({
    NODE_ENV: ServiceConfigFields.NODE_ENV,
    DATABASE_URL: ServiceConfigFields.DATABASE_URL,
    AMQP_URL: ServiceConfigFields.AMQP_URL,
    SERVICE_TOKEN: ServiceConfigFields.SERVICE_TOKEN,
    PUBLIC_URL: ServiceConfigFields.PUBLIC_URL,
  });
  const problemsOf = (env: Record<string, string>, options = {}) => {
    try {
      loadConfig(Service, env, 'identity', options);
      return [];
    } catch (err) {
      return (err as ConfigError).problems.map((p) => p.split(':')[0]);
    }
  };

  it('when a process runs on its own without AMQP_URL, then AMQP_URL is reported with the other bad variables', () => {
    expect(problemsOf({ DATABASE_URL: 'nope' }, STANDALONE)).toEqual(['DATABASE_URL', 'AMQP_URL']);
    // The embedded run hands its services a bus: no AMQP_URL needed there.
    expect(problemsOf({ DATABASE_URL: 'postgres://x@y/z' })).toEqual([]);
  });

  it('when production runs without its own PUBLIC_URL and token, then both are reported', () => {
    expect(problemsOf({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@y/z' })).toEqual([
      'SERVICE_TOKEN',
      'PUBLIC_URL',
    ]);
    expect(
      problemsOf({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://x@y/z',
        SERVICE_TOKEN: 'a-secret-of-our-own-0123',
        PUBLIC_URL: 'https://linksmate.example',
      }),
    ).toEqual([]);
  });
});
