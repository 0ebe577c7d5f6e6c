import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, ServiceConfigFields } from '../src/config';

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

  it('when a variable is empty, then it counts as unset', () => {
    expect(() => loadConfig(Schema, { DATABASE_URL: '' })).toThrow(/DATABASE_URL: is required/);
  });
});
